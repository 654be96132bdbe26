/**
 * Fills a running Taskaty with a demo account and tasks in several scripts, for looking
 * at screens. Prints the token and user JSON (for scripts/screenshots.ts).
 *   tsx scripts/seed-demo.ts http://127.0.0.1:3000 [email]
 */
const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const email = process.argv[3] ?? `demo-${Date.now()}@example.com`;
const password = 'demo orchard lantern 7';

async function call(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

await call('POST', '/api/user/register', { name: 'Amira Haddad', email, password, password_confirmation: password }).catch(() => undefined);
const login = (await call('POST', '/api/user/login', { email, password })) as { user: unknown; token: { plainTextToken: string } };
const token = login.token.plainTextToken;
const tasks = [
  {
    title: 'Prepare the quarterly report',
    description: '## Steps\n- **Collect** numbers from finance\n- Draft the summary\n- [ ] Send to the team',
    due_date: day(0),
    priority: 'high',
    labels: ['Work', 'Reports', 'Q3', 'Finance'],
  },
  {
    title: 'Book dentist appointment',
    description: "Call Dr. Salem's office before noon.",
    due_date: day(1),
    priority: 'medium',
    labels: ['Health'],
  },
  { title: 'Renew passport', description: '', due_date: day(-2), priority: 'high', labels: ['Personal'] },
  {
    title: 'اكتب تقرير المشروع',
    description: 'مراجعة **الأرقام** مع الفريق قبل الاجتماع',
    due_date: day(12),
    priority: 'low',
    labels: ['عمل'],
  },
  { title: 'परियोजना रिपोर्ट लिखें', description: 'टीम के साथ आंकड़ों की समीक्षा करें', due_date: day(5), priority: 'medium', labels: ['काम'] },
  { title: 'Buy groceries', description: 'Milk, eggs, bread', due_date: day(3), priority: 'low', labels: ['Home', 'Errands'] },
];
const created: Array<{ id: number }> = [];
for (const task of tasks) created.push(((await call('POST', '/api/tasks/add', task, token)) as { task: { id: number } }).task);
await call('PUT', `/api/tasks/complete/${created[5]!.id}`, undefined, token);
console.log(token);
console.log(JSON.stringify(login.user));
