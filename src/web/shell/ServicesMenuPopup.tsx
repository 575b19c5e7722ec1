import { listingMessages as m } from '@shared/listing-messages';
import { paths } from '@shared/paths';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { useMe } from '@web/features/accounts/api';
import { deferred } from '@web/lib/deferred';
import { toast } from '@web/lib/toast';
import { Package, ShieldCheck } from 'lucide-react';
import { type MouseEvent, Suspense, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ServicesTrigger } from './ServicesTrigger';

// The form, zod and react-hook-form load only when someone publishes.
const publishDialog = deferred(() => import('@web/features/listings/form/PublishDialog'));

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * 'Publicar Produto' (opens the publish dialog; a guest is told to log in and sent to /login) and
 * 'Intermediação Segura'. 'Publicar Produto' stays a link to the publish page for new tabs.
 */
export default function ServicesMenuPopup() {
  const me = useMe();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(true);
  const [publishing, setPublishing] = useState(false);
  const [publishUsed, setPublishUsed] = useState(false);
  // The dialog opens once the menu has closed and handed focus back to 'Serviços', where it returns after.
  const openAfterClose = useRef(false);

  const onPublish = (event: MouseEvent) => {
    // Until `me` is known, the link leads to the publish page, which checks the session itself.
    if (!isPlainClick(event) || me.data === undefined) return;
    // Not following the link also stops Radix from closing the menu, so it is closed here.
    event.preventDefault();
    setMenuOpen(false);
    if (!me.data) {
      toast.error(m.loginRequiredTitle, { description: m.loginRequired });
      navigate(paths.login);
      return;
    }
    openAfterClose.current = true;
    setPublishUsed(true);
  };

  return (
    <>
      <DropdownMenu open={menuOpen} onOpenChange={setMenuOpen} modal={false}>
        <DropdownMenuTrigger asChild>
          <ServicesTrigger />
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          className="w-60"
          onCloseAutoFocus={() => {
            if (!openAfterClose.current) return;
            openAfterClose.current = false;
            setPublishing(true);
          }}
        >
          <DropdownMenuItem asChild>
            <Link
              to={paths.publish}
              onClick={onPublish}
              onPointerEnter={me.data ? publishDialog.preload : undefined}
              onFocus={me.data ? publishDialog.preload : undefined}
            >
              <Package aria-hidden />
              Publicar Produto
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.intermediation}>
              <ShieldCheck aria-hidden />
              Intermediação Segura
            </Link>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {publishUsed && (
        <Suspense fallback={null}>
          <publishDialog.Component open={publishing} onOpenChange={setPublishing} />
        </Suspense>
      )}
    </>
  );
}
