import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { v2 as webdav } from 'webdav-server';

/** What the test drive holds, from its root: the same names the tests look for. */
export const DRIVE_TREE = {
  image: '/Photos/whiteboard.png',
  pdf: '/Documents/plan.pdf',
  docx: '/Documents/report.docx',
  video: '/Videos/demo.mp4',
  arabic: '/Documents/تقرير الربع.pdf',
  nested: '/Documents/Archive/2024/old-notes.txt',
  notes: '/notes.txt',
  other: '/backup.zip',
  /** Reported as 25 MB and one byte (a sparse file: nothing is written). */
  huge: '/Videos/huge.mov',
} as const;

export const DRIVE_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export interface TestWebdavServer {
  /** The drive's WebDAV address (its root), on 127.0.0.1. */
  url: string;
  username: string;
  password: string;
  /** The folder on disk the drive serves. */
  directory: string;
  /** The image's bytes, to compare copies with. */
  image: Buffer;
  /** Every request the drive was sent, as `METHOD /decoded/path`, to tell what was asked (or not). */
  requests: string[];
  /** Changes the account's password on the drive (a revoked app password). */
  setPassword(password: string): void;
  stop(): Promise<void>;
}

async function writeTree(directory: string, image: Buffer) {
  const write = async (drivePath: string, content: Buffer | string) => {
    const file = path.join(directory, ...drivePath.split('/').filter(Boolean));
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, content);
  };
  await write(DRIVE_TREE.image, image);
  await write(DRIVE_TREE.pdf, DRIVE_PDF);
  // Named .docx, holding a zip's first bytes: the drive names its type by the extension.
  await write(DRIVE_TREE.docx, Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(60)]));
  await write(DRIVE_TREE.video, Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(100)]));
  await write(DRIVE_TREE.arabic, DRIVE_PDF);
  await write(DRIVE_TREE.nested, 'Notes from 2024');
  await write(DRIVE_TREE.notes, 'Plain notes at the root');
  await write(DRIVE_TREE.other, Buffer.from('PK\x05\x06', 'latin1'));
  await fs.promises.mkdir(path.join(directory, 'Empty'));
  // A sparse file: the drive reports its size, no disk is used unless it is read.
  await write(DRIVE_TREE.huge, '');
  await fs.promises.truncate(path.join(directory, ...DRIVE_TREE.huge.split('/').filter(Boolean)), 25 * 1024 * 1024 + 1);
}

/**
 * Basic authentication as RFC 7617 has it. webdav-server 2.6's own refuses any header whose base64
 * holds `+` or `/` (its pattern is `[a-zA-Z0-9]+=*`), which most credentials beyond ASCII do, and
 * cuts a password at its first colon.
 */
class BasicAuthentication extends webdav.HTTPBasicAuthentication {
  override getUser(context: webdav.HTTPRequestContext, callback: (error: Error, user: webdav.IUser) => void) {
    const match = /^Basic\s+([A-Za-z0-9+/]+=*)\s*$/.exec(context.headers.find('Authorization') ?? '');
    if (!match) return super.getUser(context, callback);
    const credentials = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = credentials.indexOf(':');
    this.userManager.getUserByNamePassword(credentials.slice(0, colon), credentials.slice(colon + 1), (error, user) => {
      if (!error && user) return callback(error, user);
      this.userManager.getDefaultUser((guest) => callback(webdav.Errors.BadAuthentication, guest));
    });
  }
}

/**
 * A real WebDAV server (the webdav-server package) on 127.0.0.1, serving a temporary folder (the
 * tree above) to one user with a password over Basic authentication, for the drive's tests.
 */
export async function startWebdavServer(options: { username?: string; password?: string } = {}): Promise<TestWebdavServer> {
  const username = options.username ?? 'alice';
  const password = options.password ?? 'app-password-1';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'taskaty-webdav-'));
  const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  await writeTree(directory, image);

  const users = new webdav.SimpleUserManager();
  const user = users.addUser(username, password, false);
  const privileges = new webdav.SimplePathPrivilegeManager();
  privileges.setRights(user, '/', ['all']);
  const dav = new webdav.WebDAVServer({
    httpAuthentication: new BasicAuthentication(users, 'Test drive'),
    privilegeManager: privileges,
    requireAuthentification: true,
  });
  await dav.setFileSystemAsync('/', new webdav.PhysicalFileSystem(directory));
  // Served by a server of our own: webdav-server's start() takes port 0 as "none given" and listens on 1900.
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(`${request.method} ${decodeURIComponent(request.url ?? '')}`);
    dav.executeRequest(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/`,
    username,
    password,
    directory,
    image,
    requests,
    setPassword(next) {
      user.password = next;
    },
    async stop() {
      if (server.listening) {
        const closed = new Promise((resolve) => server.close(resolve));
        server.closeAllConnections();
        await closed;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
