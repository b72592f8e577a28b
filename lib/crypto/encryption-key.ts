// The process's encryption key, from TUMA_ENCRYPTION_KEY (set by start-up from the data directory when unset).
import "server-only";
import { SecretBox } from "./secret-box";

let box: SecretBox | undefined;

export function secretBox(): SecretBox {
  const key = process.env.TUMA_ENCRYPTION_KEY;
  if (!key) throw new Error("TUMA_ENCRYPTION_KEY is not set: start Tuma with `npm start`, which provides one.");
  box ??= new SecretBox(key);
  return box;
}
