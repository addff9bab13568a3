import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The admin area arrives with the employee sign-in issue; until then nobody can sign in. */
export default function AdminPage() {
  useDocumentTitle('Admin');
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Employee portal</h1>
      <p className="mt-2 text-muted-foreground">Employee sign-in is not available yet.</p>
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-6')}>
        Back to Home
      </Link>
    </main>
  );
}
