import { useFocusOnArrival } from '../../lib/focus';
import { pageLocale } from '../../lib/i18n';
import { site } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';
import { POLICY_EN, POLICY_ES } from './content';

const withProduct = (text: string) => text.replaceAll('{product}', site.name);

/**
 * The cancellation policy (issue 28 §7): how to cancel, when it takes effect, fees and refunds,
 * the website afterwards. The site's header and footer around it come from the router.
 */
export default function CancellationPolicy() {
  const TEXT = pageLocale === 'es' ? POLICY_ES : POLICY_EN;
  useDocumentTitle(TEXT.title);
  useFocusOnArrival();
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{TEXT.title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{withProduct(TEXT.intro)}</p>
      {TEXT.sections.map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="text-xl font-bold">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3">
              {withProduct(paragraph)}
            </p>
          ))}
        </section>
      ))}
      <section className="mt-10">
        <h2 className="text-xl font-bold">{TEXT.contact.heading}</h2>
        <p className="mt-3">
          {TEXT.contact.before}{' '}
          <a className="font-medium underline" href={`mailto:${site.supportEmail}`}>
            {site.supportEmail}
          </a>
          {TEXT.contact.after}
        </p>
      </section>
    </main>
  );
}
