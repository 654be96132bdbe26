/**
 * The labels' query key, apart from their queries (label-queries.ts): task writes on the
 * dashboard's first paint refresh the labels by it, while the label queries and their schemas
 * load with the screens that show labels (decision 025).
 */
export const labelKeys = { all: ['labels'] as const };
