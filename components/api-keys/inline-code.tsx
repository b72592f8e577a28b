// An OpenAPI description's `code` spans (descriptions are CommonMark) shown as code on the API reference page, not as
// backticks. Only code spans: the descriptions use no other markup, and a full Markdown renderer would be a
// dependency for one page.
import { Fragment } from "react";

export function InlineCode({ text }: { text: string }) {
  // split with a capturing group: odd items are the spans' contents.
  const parts = text.split(/`([^`]+)`/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="font-mono">
            {part}
          </code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
