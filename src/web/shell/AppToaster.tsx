import { Toaster } from 'sonner';

/** Bottom-right, rich colours, dark (part 1 §2); Alt+T focuses it. Loaded with the first toast. */
export default function AppToaster() {
  return (
    <Toaster
      position="bottom-right"
      theme="dark"
      richColors
      closeButton
      containerAriaLabel="Notificações"
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
