import fs from 'node:fs';
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type BucketLocationConstraint,
} from '@aws-sdk/client-s3';
import { STORAGE_KEY, type FileStore } from './file-store.ts';

export interface StorageUrl {
  /** `https://host[:port]` or `http://host[:port]`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

// S3's own limit on the keys of one DeleteObjects request.
const DELETE_BATCH = 1000;

/**
 * Reads STORAGE_URL: `s3://KEY:SECRET@host[:port]/bucket[?region=…]` (HTTPS) or `s3+http://…` (plain
 * HTTP). The messages complete "Invalid configuration: STORAGE_URL …" (config.ts) and never repeat
 * the URL, which holds the secret.
 */
export function parseStorageUrl(url: string): StorageUrl {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('is not a URL (s3://KEY:SECRET@host[:port]/bucket)');
  }
  const scheme = parsed.protocol === 's3:' ? 'https' : parsed.protocol === 's3+http:' ? 'http' : undefined;
  if (!scheme) throw new Error(`must start with s3:// (HTTPS) or s3+http:// (plain HTTP), not ${parsed.protocol}//`);
  // For schemes it does not know, URL keeps the host as written; an empty one is `s3:///bucket`.
  if (!parsed.hostname) throw new Error('has no host (s3://KEY:SECRET@host[:port]/bucket)');
  if (!parsed.username || !parsed.password) {
    throw new Error('has no access key and secret (s3://KEY:SECRET@host[:port]/bucket; percent-encode any : @ / in them)');
  }
  let accessKeyId: string;
  let secretAccessKey: string;
  try {
    accessKeyId = decodeURIComponent(parsed.username);
    secretAccessKey = decodeURIComponent(parsed.password);
  } catch {
    throw new Error('has a badly percent-encoded access key or secret');
  }
  const bucket = parsed.pathname.replace(/^\//, '').replace(/\/$/, '');
  if (!bucket) throw new Error('has no bucket (s3://KEY:SECRET@host[:port]/bucket)');
  // Path-style addressing puts the bucket in the path, so it must be one segment of S3's characters.
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/.test(bucket)) {
    throw new Error(`has a bucket that is not a bucket name (3 to 63 letters, digits, dots, hyphens): ${bucket}`);
  }
  for (const name of parsed.searchParams.keys()) {
    // A misspelt option would otherwise quietly fall back to its default.
    if (name !== 'region') throw new Error(`has an unknown option ?${name} (only ?region=…)`);
  }
  const region = parsed.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]+$/i.test(region)) throw new Error(`has a region that is not a region name: ${region}`);
  if (parsed.hash) throw new Error('has a #fragment (percent-encode a # in the secret as %23)');
  return { endpoint: `${scheme}://${parsed.host}`, bucket, region, accessKeyId, secretAccessKey };
}

/** The error's S3 code (`NoSuchKey`, `NotFound`…) and HTTP status, when it is an S3 answer. */
function s3Error(error: unknown): { name: string; status: number | undefined } | undefined {
  if (!(error instanceof S3ServiceException)) return undefined;
  return { name: error.name, status: error.$metadata?.httpStatusCode };
}

/**
 * Attachment bytes in a bucket of any S3-compatible store (AWS, MinIO, Garage, s3rver in tests…), so
 * several processes can share them. Everything comes from the URL: the SDK is given every setting it
 * would otherwise look up in AWS_* variables or ~/.aws, so nothing of the host's AWS setup leaks in.
 */
export function createS3Store(url: string): FileStore {
  const { endpoint, bucket, region, accessKeyId, secretAccessKey } = parseStorageUrl(url);
  const client = new S3Client({
    endpoint,
    region,
    // Explicit credentials: the default chain would try env, ~/.aws, SSO and the EC2 metadata service.
    credentials: { accessKeyId, secretAccessKey },
    // Most S3-compatible servers do not serve buckets as subdomains of their host.
    forcePathStyle: true,
    // SDK v3 since 3.729 adds CRC32 checksums to every upload and sends streamed bodies as
    // `aws-chunked` with a trailer; servers that predate it (s3rver, which the tests run) store the
    // chunk framing as the object's bytes. Checksums only where S3 requires one (DeleteObjects).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The rest would otherwise be read from AWS_* variables or ~/.aws/config (the clock-skew one
    // reads ~/.aws/config and ~/.aws/credentials at every signing).
    defaultsMode: 'standard',
    maxAttempts: 3,
    retryMode: 'standard',
    useFipsEndpoint: false,
    useDualstackEndpoint: false,
    useArnRegion: false,
    disableS3ExpressSessionAuth: true,
    ignoreConfiguredEndpointUrls: true,
    authSchemePreference: [],
    sigv4aSigningRegionSet: [region],
    userAgentAppId: 'taskaty',
    disableClockSkewCorrection: false,
    // An unreachable store fails a request in seconds rather than at the OS's TCP timeout.
    requestHandler: { connectionTimeout: 10_000 },
  });

  const isMissing = (error: unknown) => {
    const e = s3Error(error);
    // A HEAD has no body to name the error, so its 404 is only `NotFound`; a GET names NoSuchKey.
    // NoSuchBucket is a 404 too but a misconfiguration, never "no such file".
    return e !== undefined && (e.name === 'NoSuchKey' || (e.status === 404 && e.name !== 'NoSuchBucket'));
  };

  return {
    kind: 's3',
    async open() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
        return;
      } catch (error) {
        const e = s3Error(error);
        if (e?.status !== 404) throw new Error(`S3 bucket ${bucket} at ${endpoint}: ${explain(error)}`);
      }
      try {
        await client.send(
          new CreateBucketCommand({
            Bucket: bucket,
            // us-east-1 is the one region that refuses to be named as a location.
            CreateBucketConfiguration: region === 'us-east-1' ? undefined : { LocationConstraint: region as BucketLocationConstraint },
          }),
        );
      } catch (error) {
        // Another process of the same deployment may have made it between the HEAD and now. Servers
        // say so differently (s3rver and some others answer BucketAlreadyExists even to its owner), so
        // a bucket we can now reach is ours; one we cannot is someone else's name.
        const name = s3Error(error)?.name;
        if (name === 'BucketAlreadyOwnedByYou') return;
        if (name === 'BucketAlreadyExists') {
          const reachable = await client.send(new HeadBucketCommand({ Bucket: bucket })).then(
            () => true,
            () => false,
          );
          if (reachable) return;
        }
        throw new Error(`S3 bucket ${bucket} at ${endpoint} could not be created: ${explain(error)}`);
      }
    },
    async put(key, sourcePath, contentType) {
      checkKey(key);
      // The size first: S3 needs Content-Length for a streamed body (no chunked uploads, see above),
      // and a missing file fails here rather than halfway through a request. The SDK never retries a
      // streamed body (it cannot rewind it), so a failed put fails the upload.
      const { size } = await fs.promises.stat(sourcePath);
      const body = fs.createReadStream(sourcePath);
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentLength: size, ContentType: contentType }));
      } finally {
        // On a failed request the SDK may leave the file open.
        body.destroy();
      }
    },
    async get(key, range) {
      checkKey(key);
      try {
        const response = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        // In Node the body is the HTTP response itself (an IncomingMessage, so a Readable).
        const body = response.Body;
        if (!(body instanceof Readable)) throw new Error(`S3 GetObject gave no readable body for ${key}`);
        // A server that ignores or misreads Range would have the download route send wrong bytes
        // under a 206; better an error. (A whole file asked for as a range may come back as a 200.)
        if (
          range &&
          !response.ContentRange?.startsWith(`bytes ${range.start}-${range.end}/`) &&
          !(response.ContentRange === undefined && range.start === 0 && response.ContentLength === range.end + 1)
        ) {
          body.destroy();
          throw new Error(`S3 answered bytes ${range.start}-${range.end} of ${key} with ${response.ContentRange ?? 'the whole object'}`);
        }
        return body;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(keys) {
      keys.forEach(checkKey);
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH);
        // Quiet: the answer lists only the keys that failed. A key not stored is no failure in S3.
        const response = await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        const failed = response.Errors?.[0];
        if (failed) {
          throw new Error(
            `S3 could not delete ${response.Errors!.length} object(s), first ${failed.Key}: ${failed.Code} ${failed.Message}`,
          );
        }
      }
    },
    async *list() {
      let continuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: continuationToken }));
        for (const object of page.Contents ?? []) {
          // Whatever else shares the bucket is not ours to sweep.
          if (!object.Key || !STORAGE_KEY.test(object.Key)) continue;
          // An object of unknown age counts as new, so the orphan sweep never takes it for an old one.
          yield { key: object.Key, storedAt: object.LastModified ?? new Date() };
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
  };
}

function checkKey(key: string) {
  // Keys are the server's own (file-store.ts); anything else is a bug, as in the disk store.
  if (!STORAGE_KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
}

/** One line for an S3 failure in open(), where a misconfiguration shows first. */
function explain(error: unknown): string {
  const e = s3Error(error);
  if (e?.status === 403) return `access denied (${e.name}): check the key and secret`;
  if (e) return `${e.name} (HTTP ${e.status ?? '?'})`;
  return error instanceof Error ? error.message : String(error);
}
