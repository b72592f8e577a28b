// The Overview before the first batch: figures of nothing would say nothing, so it says what to do first — compose,
// with a sample list to try the upload with (public/sample-list.csv: a name column, phone numbers in the forms people
// type, one more column for {{placeholders}}).
import { ButtonAnchor, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

export const SAMPLE_LIST = "/sample-list.csv";

export function FirstSteps({ canSend }: { canSend: boolean }) {
  return (
    <Card title="No batches yet" aria-label="First steps">
      {canSend ? (
        <>
          <p className="text-slate-600">
            Write a message and send it to one number, a few, or a list. Start with the sample list: five made-up people
            with a <code>name</code> and a <code>clinic</code> column to try {"{{name}}"} in the message (its numbers
            are not real people&apos;s: send it through the sandbox provider, not a live account).
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ButtonLink href="/compose" variant="primary">
              Send your first message
            </ButtonLink>
            <ButtonAnchor href={SAMPLE_LIST} download="sample-list.csv">
              Download a sample list (CSV)
            </ButtonAnchor>
          </div>
        </>
      ) : (
        <p className="text-slate-600">
          Nothing has been sent yet. Once an operator sends the first batch, its figures show here.
        </p>
      )}
    </Card>
  );
}
