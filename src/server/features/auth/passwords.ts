/** Some of the most used passwords of 12+ characters (public breach lists); refused outright. */
const COMMON = new Set([
  '123456789012',
  '1234567890123',
  'qwertyuiopas',
  'qwerty123456',
  'password1234',
  'password12345',
  'passwordpassword',
  '111111111111',
  '000000000000',
  'iloveyou1234',
  'abc123456789',
  'aaaaaaaaaaaa',
  'administrator',
  'welcome12345',
  'letmein12345',
  'changeme1234',
  'qwertyqwerty',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  'zaq12wsxcde3',
  'trustno12345',
  'football1234',
  'baseball1234',
  'superman1234',
  'sunshine1234',
  'princess1234',
  'monkey123456',
  'dragon123456',
  'master123456',
  'p@ssw0rd1234',
  'passw0rd1234',
  'adminadmin123',
  'admin1234567',
  'computer1234',
]);

/** Why a password is refused, or null when it is acceptable (docs/product.md §12: 12+, not common). */
export function passwordProblem(password: string): string | null {
  if (password.length < 12) return 'The password must be at least 12 characters long.';
  if (password.length > 128) return 'The password must be at most 128 characters long.';
  const lower = password.toLowerCase();
  if (
    COMMON.has(lower) ||
    /^(.)\1+$/.test(password) ||
    /^(0123456789|1234567890)+\d*$/.test(password)
  ) {
    return 'This password is too common. Choose a longer phrase that others would not guess.';
  }
  return null;
}
