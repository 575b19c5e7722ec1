import { passwordChecklist } from '@shared/accounts';
import { cn } from '@web/lib/cn';
import { Check, Circle } from 'lucide-react';

/** The live checklist under the password (part 1 §5): shown, never enforced. */
export function PasswordChecklist({ password }: { password: string }) {
  const items = passwordChecklist(password);
  return (
    <ul aria-label="Sugestões para a senha" className="grid grid-cols-2 gap-x-3 gap-y-1.5 pt-1">
      {items.map((item) => (
        <li
          key={item.label}
          className={cn(
            'flex items-center gap-1.5 text-xs transition-colors',
            item.met ? 'text-accent' : 'text-subtle',
          )}
        >
          {item.met ? (
            <Check aria-hidden className="size-3.5" strokeWidth={3} />
          ) : (
            <Circle aria-hidden className="size-3.5" />
          )}
          {item.label}
          <span className="sr-only">{item.met ? '(atendido)' : '(pendente)'}</span>
        </li>
      ))}
    </ul>
  );
}
