import { discordMessages as m } from '@shared/discord';
import { Button, type ButtonSize, type ButtonVariant, buttonClasses } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { ExternalLink, Info } from 'lucide-react';
import { useState } from 'react';
import { useDiscordInvite } from './api';
import { DiscordIcon } from './DiscordIcon';

interface DiscordInviteButtonProps {
  label: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Where the explanation shows when there is no invite: under the button, centred or not. */
  align?: 'start' | 'center';
  /** A line under the button while it opens the invite (it would be wrong without one). */
  note?: string;
}

/**
 * Opens the official server's invite in a new tab. Without an invite (none configured, or it failed to
 * load) the button looks disabled but still answers: hovering shows why, pressing says it under the button.
 */
export function DiscordInviteButton({
  label,
  variant = 'primary',
  size = 'md',
  className,
  align = 'start',
  note,
}: DiscordInviteButtonProps) {
  const invite = useDiscordInvite();
  const [explained, setExplained] = useState(false);

  if (invite.isPending) {
    return (
      <Button variant={variant} size={size} className={className} busy>
        {label}
      </Button>
    );
  }

  const url = invite.data?.inviteUrl ?? null;
  if (url) {
    const link = (
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses({ variant, size, className })}
      >
        <DiscordIcon />
        {label}
        <ExternalLink aria-hidden className="opacity-70" />
        <span className="sr-only"> (abre em uma nova aba)</span>
      </a>
    );
    if (!note) return link;
    return (
      <div className={cn('flex flex-col gap-3', align === 'center' ? 'items-center' : 'items-start')}>
        {link}
        <p className="text-xs text-subtle">{note}</p>
      </div>
    );
  }

  const reason = invite.isError ? m.loadFailed : m.notConfigured;
  return (
    <div className={cn('flex flex-col', align === 'center' ? 'items-center' : 'items-start')}>
      <Button
        // Unavailable: the quiet variant with a dashed border, not a faded one (faded text fell to 3.58:1).
        variant="secondary"
        size={size}
        // Not `disabled`: a disabled button can neither be focused nor explain itself.
        className={cn('cursor-not-allowed border-dashed text-muted', className)}
        // The title is the hover tip and, for screen readers, the button's description.
        title={reason}
        onClick={() => {
          setExplained(true);
          if (invite.isError) void invite.refetch();
        }}
      >
        <DiscordIcon />
        {label}
      </Button>
      <p
        role="status"
        className={cn('text-sm text-warning', explained && 'mt-2', align === 'center' && 'text-center')}
      >
        {explained && (
          <>
            <Info aria-hidden className="mr-1.5 inline size-4 align-[-0.2em]" />
            {reason}
          </>
        )}
      </p>
    </div>
  );
}
