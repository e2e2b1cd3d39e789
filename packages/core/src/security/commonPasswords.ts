/**
 * Passwords that lead every published list of leaked passwords, lower-cased. A policy refuses them whatever their
 * length: attackers try these first, so length alone says nothing about them. Short ones stay listed for
 * installations that lower PASSWORD_MIN_LENGTH; the long ones are the padded variants people reach for when a
 * minimum length is enforced.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  // The perennial top of the lists.
  '123456', '1234567', '12345678', '123456789', '1234567890', '12345678910', '123456789012', '1234567890123',
  '111111', '11111111', '111111111111', '000000', '00000000', '000000000000', '123123', '123123123', '123123123123',
  '654321', '987654321', '0987654321', '121212', '112233', '123321', '666666', '696969', '777777', '7777777', '555555',
  'password', 'password1', 'password12', 'password123', 'password1234', 'password12345', 'password123456',
  'password123!', 'password!', 'passwordpassword', 'passw0rd', 'passw0rd1234', 'p@ssw0rd', 'p@ssword', 'p@ssw0rd123',
  'p@ssw0rd1234', 'pass1234', 'pass12345678', 'mypassword', 'mypassword123', 'secretpassword', 'supersecret',
  'qwerty', 'qwerty1', 'qwerty12', 'qwerty123', 'qwerty1234', 'qwerty123456', 'qwerty123456789', 'qwertyuiop',
  'qwertyuiop12', 'qwertyuiop123', 'qwertyuiopasdf', 'qwertyqwerty', 'asdfghjkl', 'asdfghjkl123', 'asdfasdfasdf',
  'zxcvbnm', 'zxcvbnm123', 'zxcvbnm12345', 'qazwsx', 'qazwsxedc', 'qazwsxedcrfv', '1qaz2wsx', '1qaz2wsx3edc',
  '1qaz2wsx3edc4rfv', 'zaq12wsx', 'zaq12wsxcde3', '1q2w3e4r', '1q2w3e4r5t', '1q2w3e4r5t6y', 'q1w2e3r4t5y6', '123qwe',
  '123qweasd', '123qweasdzxc', 'abc123', 'abc12345', 'abc123456', 'abc123456789', 'abcdef', 'abcdefgh',
  'abcdefghijkl', 'abcd1234', 'abcd12345678', 'a1b2c3d4', 'aaaaaa', 'aaaaaaaa', 'aaaaaaaaaaaa',
  // Words and names that top the lists, alone and padded.
  'iloveyou', 'iloveyou1', 'iloveyou123', 'iloveyou1234', 'iloveyou123!', 'letmein', 'letmein1', 'letmein123',
  'letmein12345', 'welcome', 'welcome1', 'welcome123', 'welcome1234', 'welcome12345', 'welcome@123', 'welcome@1234',
  'changeme', 'changeme1', 'changeme123', 'changeme1234', 'changeme123!', 'trustno1', 'trustno1trustno1',
  'monkey', 'dragon', 'master', 'shadow', 'sunshine', 'princess', 'football', 'football1234', 'baseball',
  'baseball1234', 'superman', 'superman1234', 'batman', 'starwars', 'starwars1234', 'michael', 'jennifer', 'jordan',
  'hunter', 'hunter2', 'buster', 'soccer', 'harley', 'andrew', 'tigger', 'charlie', 'robert', 'thomas', 'hockey',
  'ranger', 'daniel', 'george', 'computer', 'michelle', 'jessica', 'pepper', 'freedom', 'maggie', 'ginger', 'joshua',
  'cheese', 'amanda', 'summer', 'ashley', 'nicole', 'chelsea', 'matthew', 'access', 'yankees', 'dallas', 'austin',
  'thunder', 'taylor', 'matrix', 'mustang', 'killer', 'whatever', 'secret', 'login', 'test', 'test1234',
  'test12345678', 'testtest', 'testpassword', 'guest', 'guest1234',
  // Administrator defaults, and this product's and Superset's names.
  'admin', 'admin1', 'admin123', 'admin1234', 'admin12345', 'admin123456', 'admin1234567', 'admin@123',
  'admin@123456', 'adminadmin', 'administrator', 'administrator1', 'root', 'rootroot', 'toor', 'default',
  'tessera', 'tessera123', 'tessera1234', 'tesseraadmin', 'superset', 'superset123', 'superset1234',
  'supersetadmin',
]);
