import { Crosshair, Crown, Gamepad, Joystick, type LucideIcon, Sword, Target } from 'lucide-react';

/** Category icons cycle through six icons in list order (part 1 §2). */
const gameIcons: readonly LucideIcon[] = [Gamepad, Sword, Crosshair, Crown, Target, Joystick];

export function gameIcon(index: number): LucideIcon {
  return gameIcons[index % gameIcons.length] ?? Gamepad;
}
