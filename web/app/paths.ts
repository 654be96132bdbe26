/** Every URL of the web app (spec §2 route table). */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  /** Account recovery and the links mailed to an address (issue 18); noindex. */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  invitation: '/invitation',
  /** A reminder e-mail's snooze links (issue 22); noindex. */
  snooze: '/snooze',
  privacy: '/privacy',
  terms: '/terms',
  pricing: '/pricing',
  contact: '/contact',
  dashboard: '/dashboard',
  shared: '/shared',
  labels: '/labels',
  settings: '/settings',
  tasks: '/tasks',
  dashboardWithLabel: (label: string) => `/dashboard?label=${encodeURIComponent(label)}`,
  /** A task open on the dashboard (`?task=`, read by features/tasks/use-task-dialogs.ts): anyone who may see it can open it. */
  task: (id: number) => `/dashboard?task=${id}`,
} as const;

export const PUBLIC_PATHS = [paths.home, paths.login, paths.signup, paths.privacy, paths.terms, paths.pricing, paths.contact] as const;
export const PROTECTED_PATHS = [paths.dashboard, paths.shared, paths.labels, paths.settings] as const;
