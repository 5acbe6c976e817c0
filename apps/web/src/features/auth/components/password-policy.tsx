import { PASSWORD_POLICY } from '@spirit/domain/auth/auth.constants';

/** The policy lines, each ticked as the typed password meets it. */
export function PasswordPolicy({ id, password }: { id: string; password: string }) {
  return (
    <div id={id} className="password-policy">
      <p className="password-policy-title">Password Policy</p>
      <ul>
        {PASSWORD_POLICY.map((rule) => {
          const met = rule.test(password);
          return (
            <li key={rule.id} className={met ? 'is-met' : 'is-unmet'}>
              <i className={`pi ${met ? 'pi-check-circle' : 'pi-circle'}`} aria-hidden="true" />
              <span>{rule.text}</span>
              <span className="visually-hidden">{met ? ' (met)' : ' (not met)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
