import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { Card } from '../../components/ui/card';
import { buttonClasses } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <Card className="w-full max-w-md p-6">
        <div className="mb-4 flex items-center gap-2">
          <AlertCircle className="size-8 text-flag-red" aria-hidden="true" />
          <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        </div>
        <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        <Link href="/" className={buttonClasses('primary', 'md', 'mt-6')}>
          Back to Home
        </Link>
      </Card>
    </main>
  );
}
