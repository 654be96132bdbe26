/**
 * A size in bytes as people read it (the web app's Files section and Settings, and exports), in their language: "820 kB", "3.4 MB", "3,4 MB" (issue 24).
 * Decimal steps of 1024 as the quota counts them; one decimal below ten.
 */
export function fileSizeText(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit > 0 && value < 10 ? 1 : 0,
  }).format(value);
}
