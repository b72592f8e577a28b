import { TextLink } from "@/components/ui/text-link";

export default function NotFound() {
  return (
    <main className="mx-auto max-w-lg p-10 text-center">
      <h1 className="text-2xl font-semibold">Not found</h1>
      <p className="mt-3 text-slate-600">There is nothing at this address.</p>
      <TextLink href="/" className="mt-6 inline-block">
        Back to the overview
      </TextLink>
    </main>
  );
}
