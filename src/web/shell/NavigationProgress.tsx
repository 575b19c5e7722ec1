import { useNavigation } from 'react-router';

/** A thin neon bar at the top while the next page's code loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Carregando página"
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden"
    >
      <div className="h-full w-1/3 animate-progress bg-accent shadow-glow" />
    </div>
  );
}
