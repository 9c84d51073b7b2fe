import { Combobox, Group, InputBase, Input, useCombobox } from '@mantine/core';
import { hourOptions, minuteOptions, timeEmpty } from '@renraku/contract/client';

interface PartProps {
  label: string;
  options: readonly string[];
  value: string | null;
  /** Highlighted (and scrolled to) when the dropdown opens on an empty value. */
  focusValue?: string;
  disabled?: boolean;
  onChange: (value: string | null) => void;
  qa: string;
}

function PartSelect({ label, options, value, focusValue, disabled, onChange, qa }: PartProps) {
  const all = [timeEmpty, ...options];
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () => {
      const index = all.indexOf(value ?? focusValue ?? timeEmpty);
      // The options render on open; highlight the current or default hour once they exist.
      requestAnimationFrame(() => combobox.selectOption(Math.max(index, 0)));
    },
  });
  return (
    <Combobox
      store={combobox}
      disabled={disabled}
      onOptionSubmit={(v) => {
        onChange(v === timeEmpty ? null : v);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          component="button"
          type="button"
          pointer
          w={84}
          disabled={disabled}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.toggleDropdown()}
          aria-label={label}
          data-qa={qa}
        >
          {value ?? timeEmpty}
        </InputBase>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={220} style={{ overflowY: 'auto' }} aria-label={label}>
          {all.map((o) => (
            <Combobox.Option value={o} key={o} active={o === (value ?? timeEmpty)}>
              {o}
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

interface TimeSelectProps {
  label: string;
  /** `HH:MM` or null */
  value: string | null;
  onChange: (value: string | null) => void;
  focusHour: string;
  disabled?: boolean;
  qa: string;
  error?: string;
}

/** Hours 00–23 and minutes by 5, '--' for empty (F §5); the hour list opens at focusHour. */
export function TimeSelect({ label, value, onChange, focusHour, disabled, qa, error }: TimeSelectProps) {
  const hour = value ? value.slice(0, 2) : null;
  const minute = value ? value.slice(3, 5) : null;
  return (
    <Input.Wrapper label={label} error={error} component="div">
      <Group gap={6} align="center" wrap="nowrap">
        <PartSelect
          label={`${label}（時）`}
          qa={`${qa}-hour`}
          options={hourOptions}
          value={hour}
          focusValue={focusHour}
          disabled={disabled}
          onChange={(h) => onChange(h ? `${h}:${minute ?? '00'}` : null)}
        />
        <span aria-hidden>:</span>
        <PartSelect
          label={`${label}（分）`}
          qa={`${qa}-minute`}
          options={minuteOptions}
          value={minute}
          disabled={disabled}
          onChange={(m) => onChange(m ? `${hour ?? focusHour}:${m}` : null)}
        />
      </Group>
    </Input.Wrapper>
  );
}
