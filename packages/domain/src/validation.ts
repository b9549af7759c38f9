/**
 * The generic validation rules of spec section 5. Pure functions used by the server's schemas
 * and by the console's forms, so both sides refuse the same input.
 */

export const PASSWORD_MIN_LENGTH = 6;

export function isValidPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH;
}

/** Mainland China mobile number: 11 digits starting 13–19. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export function isMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value);
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/** Resident ID card: 15 digits (old format) or 18 characters with a valid check character. */
export function isIdCard(value: string): boolean {
  if (/^\d{15}$/.test(value)) return true;
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(value[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK_CHARS[sum % 11] === value[17]?.toUpperCase();
}

export function isEmail(value: string): boolean {
  return /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(value);
}

/** A Chinese personal name of 2 to 4 Han characters. */
export function isChineseName(value: string): boolean {
  return /^[\u4e00-\u9fa5]{2,4}$/.test(value);
}

export function isIPv4(value: string): boolean {
  const parts = value.split('.');
  return (
    parts.length === 4 &&
    parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255 && (p === '0' || !p.startsWith('0')))
  );
}

export function isPort(value: string | number): boolean {
  const text = String(value);
  if (!/^\d{1,5}$/.test(text)) return false;
  const n = Number(text);
  return n >= 0 && n <= 65535;
}

/** A non-negative or negative number with at most two decimals. */
export function isDecimal2(value: string | number): boolean {
  return /^-?\d+(\.\d{1,2})?$/.test(String(value));
}

/** The base name (without extension) reaches `minLength` characters. */
export function fileBaseNameLongEnough(fileName: string, minLength: number): boolean {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return base.trim().length >= minLength;
}

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1) : '';
}

export function hasUpperCaseExtension(fileName: string): boolean {
  const ext = fileExtension(fileName);
  return ext !== '' && ext !== ext.toLowerCase();
}

/** Upload types of spec section 9, grouped as the spec lists them. */
export const UPLOAD_TYPES = {
  image: ['png', 'jpg'],
  file: ['pdf', 'doc', 'xls', 'txt', 'xlsx', 'docx'],
  audio: ['mp3', 'm4a', 'wav'],
  video: ['m4e', 'mp4'],
} as const;

export type UploadKind = keyof typeof UPLOAD_TYPES;

/** Maximum upload size: 20 (MB) per spec section 9. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

export type UploadCheck =
  | { ok: true; kind: UploadKind; extension: string }
  | { ok: false; reason: 'type' | 'size' | 'empty' | 'name' };

export function checkUpload(fileName: string, sizeBytes: number): UploadCheck {
  if (fileName.trim() === '' || fileName.length > 200 || /[\\/:*?"<>|]/.test(fileName)) {
    return { ok: false, reason: 'name' };
  }
  if (!Number.isFinite(sizeBytes) || sizeBytes <= 0) return { ok: false, reason: 'empty' };
  if (sizeBytes > UPLOAD_MAX_BYTES) return { ok: false, reason: 'size' };
  const extension = fileExtension(fileName).toLowerCase();
  for (const kind of Object.keys(UPLOAD_TYPES) as UploadKind[]) {
    if ((UPLOAD_TYPES[kind] as readonly string[]).includes(extension)) {
      return { ok: true, kind, extension };
    }
  }
  return { ok: false, reason: 'type' };
}
