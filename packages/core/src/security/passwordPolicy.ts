import { COMMON_PASSWORDS } from './commonPasswords.js';

/**
 * What a password must be (PASSWORD_MIN_LENGTH, PASSWORD_REQUIRE_CLASSES). The server applies it when a password is
 * set; the web user form checks the same rule, with the server's settings, before it posts.
 */
export interface PasswordPolicy {
  /** Characters needed, the username not counting. */
  minLength: number;
  /** How many of the four classes (lowercase, uppercase, digits, symbols) must appear; 0 asks for none. */
  requireClasses: number;
}

/**
 * Length over composition, as NIST SP 800-63B advises: 12 characters and no class rule, with the most common
 * passwords refused. A class rule would also refuse long passphrases and the admin password generated at first
 * start (16 base64url characters need not hold a digit).
 */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 12, requireClasses: 0 };

/** Bounds of the settings: below 8 characters a password falls to an offline guess in hours. */
export const PASSWORD_MIN_LENGTH_BOUNDS = { min: 8, max: 128 } as const;
export const PASSWORD_CLASS_COUNT = 4;

const CLASSES: readonly RegExp[] = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u];

/** How many of lowercase, uppercase, digits and symbols (anything else) the text holds. */
export function passwordClassCount(password: string): number {
  return CLASSES.filter((re) => re.test(password)).length;
}

const length = (text: string): number => [...text].length;

/**
 * Every reason the password is refused, as messages for the `password` field (none: accepted). A password that
 * contains the username is judged on what is left without it: the username is the first thing an attacker tries,
 * so it adds no strength, but it does not spoil a long passphrase that happens to hold it.
 */
export function passwordProblems(password: string, username: string | null, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): string[] {
  const problems: string[] = [];
  const lower = password.toLowerCase();
  const name = (username ?? '').trim().toLowerCase();
  const rest = name ? lower.split(name).join('') : lower;
  if (name && lower === name) {
    problems.push('Password must not be the username.');
  } else if (rest !== lower && length(rest) < policy.minLength) {
    problems.push(`Password must not contain the username: without it, it needs at least ${policy.minLength} characters.`);
  } else if (length(password) < policy.minLength) {
    problems.push(`Password must be at least ${policy.minLength} characters long.`);
  }
  if (COMMON_PASSWORDS.has(lower) || (rest !== lower && COMMON_PASSWORDS.has(rest))) {
    problems.push('This password is one of the most commonly used; choose another.');
  }
  const classes = Math.min(policy.requireClasses, PASSWORD_CLASS_COUNT);
  if (classes > 0 && passwordClassCount(password) < classes) {
    problems.push(`Password must use at least ${classes} of: lowercase letters, uppercase letters, digits, symbols.`);
  }
  return problems;
}

/** `GET /api/v1/security/password_policy/`'s `result`: the server's settings, for the web user form. */
export interface PasswordPolicyResult {
  min_length: number;
  require_classes: number;
}

export function passwordPolicyOf(result: PasswordPolicyResult): PasswordPolicy {
  return { minLength: result.min_length, requireClasses: result.require_classes };
}
