import { passwordChecklist, passwordRequirement } from '@shared/accounts';
import { cn } from '@web/lib/cn';
import { Check, Circle } from 'lucide-react';

/**
 * Under a new password: the one rule the server enforces (the shared schema's length), then the spec's live
 * checklist (part 1 §5), named as what it is: suggestions, never enforced.
 */
export function PasswordChecklist({ password }: { password: string }) {
  const required = passwordRequirement(password);
  return (
    <div className="flex flex-col gap-1.5 pt-1">
      <ul aria-label="Requisito da senha">
        <Item label={`${required.label} (obrigatório)`} met={required.met} />
      </ul>
      <p className="text-xs text-subtle">Para uma senha mais forte (opcional):</p>
      <ul aria-label="Sugestões para a senha" className="grid grid-cols-2 gap-x-3 gap-y-1.5">
        {passwordChecklist(password).map((item) => (
          <Item key={item.label} label={item.label} met={item.met} />
        ))}
      </ul>
    </div>
  );
}

function Item({ label, met }: { label: string; met: boolean }) {
  return (
    <li
      className={cn(
        'flex items-center gap-1.5 text-xs transition-colors',
        met ? 'text-accent' : 'text-subtle',
      )}
    >
      {met ? (
        <Check aria-hidden className="size-3.5" strokeWidth={3} />
      ) : (
        <Circle aria-hidden className="size-3.5" />
      )}
      {label}
      <span className="sr-only">{met ? '(atendido)' : '(pendente)'}</span>
    </li>
  );
}
