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
          <section aria-labelledby="next-steps">
            <h2 id="next-steps" className="font-semibold">
              Next steps
            </h2>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
              {NEXT_STEPS.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="services">
            <h2 id="services" className="font-semibold">
              Your services
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
              {SERVICES.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </section>
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
