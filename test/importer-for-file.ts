// The importer's server (lib/importer/server.ts) on loopback for one test file, as the web process reaches it, and a
// user to author the uploads: started before the file's tests, closed after them; and a browser's body to hand on.
import { afterAll, beforeAll } from "vitest";
import type { ImporterTarget } from "@/lib/importer/forward-upload";
import { startImporter, type Importer } from "@/lib/importer/server";
import { author } from "./upload-helpers";

export const IMPORTER_SECRET = "a-secret-the-web-process-and-importer-share";

/** Where the importer listens and the author; filled in beforeAll, so tests read its fields when they run. */
export function importerForFile(): { target: ImporterTarget; authorId: string } {
  const live = { target: { url: "", secret: IMPORTER_SECRET }, authorId: "" };
  let importer: Importer | undefined;
  beforeAll(async () => {
    importer = await startImporter({ port: 0, secret: IMPORTER_SECRET });
    live.target.url = importer.url;
    live.authorId = await author();
  });
  afterAll(() => importer?.close());
  return live;
}

/** A browser's body as Next hands it to the route: a web stream, pulled as the hand-off reads. */
export function browserBody(parts: () => AsyncIterator<Uint8Array>, onCancel = () => {}): ReadableStream<Uint8Array> {
  const source = parts();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await source.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: onCancel,
  });
}
