import { useState, type FormEvent } from 'react';
import { EMPLOYEE_ROLES, type EmployeeRole } from '../../../contract/employees/employees';
import { Button } from '../../components/ui/button';
import { describedBy, Field, Input, Select } from '../../components/ui/field';
import { errorMessage, fieldIssues } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useAddEmployee } from './api';

/** A new employee with a first password they change later (the server checks length and common passwords). */
export function AddEmployeeForm({ onDone }: { onDone: () => void }) {
  const add = useAddEmployee();
  const [form, setForm] = useState({
    name: '',
    email: '',
    password: '',
    role: 'staff' as EmployeeRole,
  });
  const issues = fieldIssues(add.error);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(form, {
      onSuccess: () => (
        toast({ title: 'Employee added', description: form.email.trim() }),
        onDone()
      ),
    });
  };
  const field = (
    key: 'name' | 'email' | 'password',
    label: string,
    type: string,
    autoComplete: string,
    hint?: string,
  ) => (
    <Field id={`emp-${key}`} label={label} required error={issues[key]} {...(hint ? { hint } : {})}>
      <Input
        id={`emp-${key}`}
        type={type}
        required
        autoComplete={autoComplete}
        value={form[key]}
        onChange={set(key)}
        aria-invalid={Boolean(issues[key])}
        aria-describedby={describedBy(`emp-${key}`, issues[key], hint)}
      />
    </Field>
  );

  return (
    <form
      className="mt-4 grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2"
      onSubmit={submit}
      aria-label="Add employee"
    >
      {field('name', 'Name', 'text', 'off')}
      {field('email', 'Email', 'email', 'off')}
      {field(
        'password',
        'First password',
        'password',
        'new-password',
        'At least 12 characters; share it privately.',
      )}
      <Field id="emp-role" label="Role">
        <Select id="emp-role" value={form.role} onChange={set('role')}>
          {EMPLOYEE_ROLES.map((r) => (
            <option key={r} value={r}>
              {r === 'owner' ? 'Owner (manages employees)' : 'Staff'}
            </option>
          ))}
        </Select>
      </Field>
      {add.error && Object.keys(issues).length === 0 && (
        <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
          {errorMessage(add.error, 'The employee was not added.')}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add employee'}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
