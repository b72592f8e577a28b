import { TextLink } from "@/components/ui/text-link";

export default function Forbidden() {
  return (
    <main className="mx-auto max-w-lg p-10 text-center">
      <h1 className="text-2xl font-semibold">Not allowed</h1>
      <p className="mt-3 text-slate-600">
        Your role does not give access to this page. Ask an administrator if you need it.
      </p>
      <TextLink href="/" className="mt-6 inline-block">
        Back to the overview
      </TextLink>
    </main>
  );
}
