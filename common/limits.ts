/** Sizes enforced by the server and mirrored by the web forms (one source for both). */
export const LIMITS = {
  nameMax: 100,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 200,
  taskTitleMax: 255,
  taskDescriptionMax: 20_000,
  labelsPerTaskMax: 20,
  labelNameMax: 50,
  shareEmailsMax: 10,
  commentMax: 5_000,
  descriptionPreviewChars: 100,
  badgeMax: 9,
  pendingShareLabelChips: 3,
  listLabelsShown: 3,
  gridLabelsShown: 2,
  requestBodyBytes: 256 * 1024,
  /** Issue 24: the largest attachment, and the longest name one keeps. */
  attachmentBytes: 25 * 1024 * 1024,
  attachmentNameMax: 200,
} as const;
