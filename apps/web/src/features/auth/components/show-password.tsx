/** The 'Show Password' checkbox that reveals the password fields of a form. */
export function ShowPassword({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="checkbox-field">
      <input type="checkbox" id={id} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>Show Password</label>
    </div>
  );
}
