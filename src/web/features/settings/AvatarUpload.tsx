import { initials } from '@shared/initials';
import { MAX_AVATAR_BYTES, type MyProfile } from '@shared/settings';
import { settingsMessages as m } from '@shared/settings-messages';
import { buttonClasses } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { Camera, LoaderCircle } from 'lucide-react';
import { useUploadAvatar } from './api';

/** The big avatar with 'Alterar foto': any image up to 5 MB (part 1 §5); the server re-encodes it. */
export function AvatarUpload({ profile }: { profile: MyProfile }) {
  const upload = useUploadAvatar();

  function onPick(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error(m.avatarUploadFailedTitle, { description: m.notAnImage });
      return;
    }
    if (file.size > MAX_AVATAR_BYTES) {
      toast.error(m.avatarTooLargeTitle, { description: m.avatarTooLarge });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success(m.successTitle, { description: m.avatarUpdated }),
      onError: (error) => {
        const tooLarge = error.message === m.avatarTooLarge;
        toast.error(tooLarge ? m.avatarTooLargeTitle : m.avatarUploadFailedTitle, {
          description: tooLarge || error.message === m.notAnImage ? error.message : m.avatarUploadFailed,
        });
      },
    });
  }

  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:gap-5">
      <span
        aria-hidden
        className="relative inline-flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-linear-to-br from-accent/25 to-surface-3 font-display text-2xl font-semibold text-accent ring-2 ring-accent/40"
      >
        {initials(profile.username)}
        {profile.avatarUrl && (
          <img src={profile.avatarUrl} alt="" className="absolute inset-0 size-full object-cover" />
        )}
        {upload.isPending && (
          <span className="absolute inset-0 flex items-center justify-center bg-bg/70">
            <LoaderCircle className="size-6 animate-spin text-accent" />
          </span>
        )}
      </span>
      <div className="flex flex-col items-center gap-1.5 sm:items-start">
        <label
          className={cn(
            buttonClasses({ variant: 'secondary', size: 'sm' }),
            'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent',
            upload.isPending && 'pointer-events-none opacity-50',
          )}
        >
          <Camera aria-hidden />
          {upload.isPending ? 'Enviando...' : 'Alterar foto'}
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={onPick}
            disabled={upload.isPending}
            aria-describedby="avatar-dica"
          />
        </label>
        <p id="avatar-dica" className="text-xs text-subtle">
          JPG, PNG, GIF ou WebP, até 5MB.
        </p>
      </div>
    </div>
  );
}
