// Two or more mutually exclusive views of a list (Approved / Rejected Only, Active / Archived) as toggle buttons.

type Option<V extends string> = { value: V; label: string };

type Props<V extends string> = {
  label: string;
  value: V;
  options: readonly Option<V>[];
  onChange: (value: V) => void;
};

export function ToggleGroup<V extends string>({ label, value, options, onChange }: Props<V>) {
  return (
    <div className="toggle-group" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={`toggle-option${option.value === value ? ' is-on' : ''}`}
          aria-pressed={option.value === value}
          onClick={() => {
            if (option.value !== value) onChange(option.value);
          }}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
