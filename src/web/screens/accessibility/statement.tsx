import { useFocusOnArrival } from '../../lib/focus';
import { site } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';
import { pageLocale, useT } from '../../lib/i18n';
import { STATEMENT_EN, STATEMENT_ES } from './content';

const withProduct = (text: string) => text.replaceAll('{product}', site.name);

/**
 * The accessibility statement: the standard, how we test, known limits and whom to tell
 * (docs/product.md §11). The site's header and footer around it come from the router.
 */
export default function AccessibilityStatement() {
  const TEXT = pageLocale === 'es' ? STATEMENT_ES : STATEMENT_EN;
  const _ = useT();
  useDocumentTitle(_('accessibility.docTitle'));
  useFocusOnArrival();
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{TEXT.title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{withProduct(TEXT.intro)}</p>
      {TEXT.sections.map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="text-xl font-bold">{section.heading}</h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph} className="mt-3">
              {withProduct(paragraph)}
            </p>
          ))}
          {section.items && (
            <ul className="mt-3 grid list-disc gap-2 pl-6">
              {section.items.map((item) => (
                <li key={item}>{withProduct(item)}</li>
              ))}
            </ul>
          )}
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
