import { Toaster, type ToasterProps } from 'sonner';

/**
 * Bottom-right by default, rich colours, dark (part 1 §2); Alt+T focuses it. Loaded with the first toast. A
 * screen that keeps controls at the bottom (the trade room's call) moves it to the top (`useToastsAtTop`).
 */
export default function AppToaster({ position = 'bottom-right' }: { position?: ToasterProps['position'] }) {
  return (
    <Toaster
      position={position}
      theme="dark"
      richColors
      closeButton
      containerAriaLabel="Notificações"
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
