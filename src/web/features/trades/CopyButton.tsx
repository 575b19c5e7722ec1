import { Button, type ButtonSize } from '@web/components/ui/button';
import { toast } from '@web/lib/toast';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';

/**
 * Copies `text` to the clipboard; the button says 'Copiado!' for a moment (announced to screen readers).
 * `variant="primary"`: the page's main action (the room's 'Copiar código PIX').
 */
export function CopyButton({
  text,
  label,
  variant = 'secondary',
  size,
  className,
}: {
  text: string;
  label: string;
  variant?: 'primary' | 'secondary';
  size?: ButtonSize;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => toast.error('Não foi possível copiar', { description: 'Selecione o texto e copie manualmente.' }),
    );

  return (
    <Button variant={copied ? 'outline' : variant} size={size} className={className} onClick={copy}>
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      <span aria-live="polite">{copied ? 'Copiado!' : label}</span>
    </Button>
  );
}
