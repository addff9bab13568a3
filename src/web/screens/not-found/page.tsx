import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { Card } from '../../components/ui/card';
import { buttonClasses } from '../../components/ui/button';
import { LanguageSwitch } from '../../components/language-switch';
import { homeHref, useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function NotFoundPage() {
  const _ = useT();
  useDocumentTitle(_('notFound.docTitle'));
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <Card className="w-full max-w-md p-6">
        <div className="mb-4 flex items-center gap-2">
          <AlertCircle className="size-8 text-flag-red" aria-hidden="true" />
          <h1 className="text-2xl font-bold">{_('notFound.title')}</h1>
        </div>
        <p className="text-sm text-muted-foreground">{_('notFound.text')}</p>
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <Link href={homeHref} className={buttonClasses('primary', 'md')}>
            {_('common.backHome')}
          </Link>
          <LanguageSwitch />
        </div>
      </Card>
    </main>
  );
}
