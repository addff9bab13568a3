import { CheckCircle2 } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { site } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';

const SERVICES = ['Website Development', '2 AI Generated Commercials', 'Social Media Marketing', '24/7 Tech Support'];
const NEXT_STEPS = [
  'Our team will contact you within 24 hours.',
  'We schedule a consultation to learn about your business and goals.',
  'A dedicated project manager guides you through every step.',
];

export default function PaymentSuccessPage() {
  useDocumentTitle('Payment received');
  return (
    <main className="mx-auto max-w-2xl px-4 py-12">
      <Card className="p-8 text-center">
        <CheckCircle2 className="mx-auto size-14 text-green-600" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold">Welcome to {site.name}!</h1>
        <p className="mt-2 text-muted-foreground">Your payment was successful and your subscription is now active.</p>
        <div className="mt-8 grid gap-6 text-left sm:grid-cols-2">
          <InfoList id="next-steps" title="Next steps" items={NEXT_STEPS} ordered />
          <InfoList id="services" title="Your services" items={SERVICES} />
        </div>
        <p className="mt-8 text-sm">
          Questions? Write to <a className="underline" href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>.
        </p>
        <Link href="/" className={buttonClasses('primary', 'md', 'mt-6')}>
          Back to Home
        </Link>
      </Card>
    </main>
  );
}

function InfoList({ id, title, items, ordered = false }: { id: string; title: string; items: string[]; ordered?: boolean }) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      <List className={`mt-2 space-y-1 pl-5 text-sm ${ordered ? 'list-decimal' : 'list-disc'}`}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </List>
    </section>
  );
}
