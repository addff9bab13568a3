import { Link } from 'wouter';
import { WEB_PATHS } from '../../../contract/site/routes';
import { contentText, pageLocale } from '../../lib/i18n';
import { useFaq } from './api';

// The section's own words live here, not in site.po: the English site catalog comes with the
// landing page's first load, which has no room left (docs/decisions/033).
const WORDS = {
  en: { title: 'Questions and answers', policy: 'Read our cancellation policy' },
  es: { title: 'Preguntas frecuentes', policy: 'Lea nuestra política de cancelación' },
};

/**
 * The landing page's FAQ (issue 28 §7), as the agency wrote it in settings: each question and
 * answer in Spanish on /es, or in English marked lang="en" where the Spanish is blank. Loaded
 * beside its data, off the first-load budget; the server renders it and its FAQPage JSON-LD.
 */
export default function FaqSection() {
  const { data: entries } = useFaq();
  if (!entries?.length) return null;
  const words = WORDS[pageLocale];
  return (
    <section aria-labelledby="faq-title" className="py-16 below-fold">
      <div className="mx-auto max-w-3xl px-4">
        <h2 id="faq-title" className="text-center text-3xl font-bold">
          {words.title}
        </h2>
        <div className="mt-10 grid gap-8">
          {entries.map((entry) => {
            const question = contentText(entry.question, entry.questionEs);
            const answer = contentText(entry.answer, entry.answerEs);
            return (
              <div key={entry.id}>
                <h3 className="text-lg font-semibold" lang={question.lang}>
                  {question.text}
                </h3>
                <p className="mt-2 whitespace-pre-line text-muted-foreground" lang={answer.lang}>
                  {answer.text}
                </p>
              </div>
            );
          })}
        </div>
        <p className="mt-10 text-center">
          <Link className="font-medium underline" href={WEB_PATHS.cancellationPolicy}>
            {words.policy}
          </Link>
        </p>
      </div>
    </section>
  );
}
