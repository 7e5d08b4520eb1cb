// A submenu of the player's settings that offers a few choices (a sound track, a picture quality),
// drawn with the default layout's own parts so it looks and moves like its other menus.
import { Menu } from '@vidstack/react';
import { type DefaultLayoutIcon, DefaultMenuButton, DefaultMenuRadioGroup } from '@vidstack/react/player/layouts/default';

type Props = {
  label: string;
  icon: DefaultLayoutIcon;
  value: string;
  options: { label: string; value: string }[];
  onChange(value: string): void;
};

export function ChoiceMenu({ label, icon, value, options, onChange }: Props) {
  return (
    <Menu.Root className="vds-menu">
      <DefaultMenuButton label={label} hint={options.find((option) => option.value === value)?.label ?? ''} Icon={icon} />
      <Menu.Items className="vds-menu-items">
        <DefaultMenuRadioGroup value={value} options={options} onChange={onChange} />
      </Menu.Items>
    </Menu.Root>
  );
}
