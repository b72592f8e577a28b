// A new password from the lists attackers try first is refused with a sentence, also inside digits and symbols; a
// password of unrelated words or a random one is not (lib/auth/common-passwords.ts).
import { expect, test } from "vitest";
import { changePasswordSchema } from "@/lib/users/user-schemas";
import { generatePassword } from "./password";
import { COMMON_PASSWORD, passwordSchema } from "./password-rules";

const refusal = (password: string) => {
  const parsed = passwordSchema.safeParse(password);
  return parsed.success ? null : parsed.error.issues.map((issue) => issue.message);
};

test.each([
  "qwerty123456",
  "1q2w3e4r5t6y",
  "123456654321",
  "Password2024!",
  "iloveyou!!!!!!",
  "0000Dragon0000",
  "FOOTBALL12345",
])("“%s” is refused as common", (password) => {
  expect(refusal(password)).toEqual([COMMON_PASSWORD]);
});

test.each(["correct horse battery staple", "tea kettle on the veranda", "Mwanza-lake-2026-ferries"])(
  "“%s” is accepted",
  (password) => {
    expect(refusal(password)).toBeNull();
  },
);

test("a generated one-time password is never refused, and the password form names the field", () => {
  for (let i = 0; i < 200; i++) expect(refusal(generatePassword())).toBeNull();
  const parsed = changePasswordSchema.safeParse({ current: "old one", next: "Password2024!", repeat: "Password2024!" });
  expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
    ["next", COMMON_PASSWORD],
  ]);
});
