import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import css from './form-controls.module.css';

// The login form's controls without Mantine (docs/decisions/web-initial-bundle.md): the same
// markup roles, labels and behaviour as Mantine's TextInput, PasswordInput, Checkbox, Button and Alert.

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id' | 'type'>;

/** A failure shown above the form, read out at once (role alert); line breaks are kept. */
export function ErrorAlert({ children, ...rest }: { children: ReactNode; 'data-qa'?: string }) {
  const id = useId();
  return (
    <div className={css.alert} role="alert" aria-describedby={id} {...rest}>
      <p id={id} className={css.alertText}>
        {children}
      </p>
    </div>
  );
}

function Label({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <label className={css.label} htmlFor={htmlFor}>
      {children}
      {required && (
        <span className={css.required} aria-hidden>
          {' *'}
        </span>
      )}
    </label>
  );
}

export function TextField({ label, type = 'text', ...input }: InputProps & { label: string; type?: string }) {
  const id = useId();
  return (
    <div className={css.field}>
      <Label htmlFor={id} required={input.required}>
        {label}
      </Label>
      <div className={css.inputWrapper}>
        <input {...input} id={id} type={type} className={css.input} />
      </div>
    </div>
  );
}

/** A password input with a show/hide button that keeps the focus in the input (as Mantine's). */
export function PasswordField({ label, toggleLabel, ...input }: InputProps & { label: string; toggleLabel: string }) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const toggle = () => setVisible((v) => !v);
  return (
    <div className={css.field}>
      <Label htmlFor={id} required={input.required}>
        {label}
      </Label>
      <div className={css.inputWrapper}>
        <div className={`${css.input} ${css.passwordBox}`}>
          <input {...input} id={id} type={visible ? 'text' : 'password'} className={css.innerInput} />
        </div>
        <div className={css.rightSection}>
          <button
            type="button"
            className={css.toggle}
            aria-pressed={visible}
            aria-label={toggleLabel}
            tabIndex={-1}
            onMouseDown={(event) => {
              event.preventDefault();
              toggle();
            }}
            onTouchEnd={(event) => {
              event.preventDefault();
              toggle();
            }}
            onKeyDown={(event) => {
              if (event.key === ' ' || event.key === 'Enter') {
                event.preventDefault();
                toggle();
              }
            }}
          >
            <span className={css.toggleIcon}>
              <EyeIcon crossed={visible} />
            </span>
          </button>
        </div>
      </div>
    </div>
  );
}

/** Mantine's PasswordToggleIcon: an eye, crossed out while the password shows. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  const stroke = {
    fill: 'none',
    stroke: 'currentColor',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    strokeWidth: 16,
  } as const;
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256">
      <path fill="none" d="M0 0h256v256H0z" />
      {crossed ? (
        <>
          <path {...stroke} d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53" />
          <path
            {...stroke}
            d="M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6"
          />
        </>
      ) : (
        <>
          <path {...stroke} d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z" />
          <circle {...stroke} cx="128" cy="128" r="40" />
        </>
      )}
    </svg>
  );
}

export function CheckboxField({ label, ...input }: InputProps & { label: string }) {
  const id = useId();
  return (
    <div className={css.checkbox}>
      <div className={css.checkboxInner}>
        <input {...input} id={id} type="checkbox" className={css.checkboxInput} />
        <svg viewBox="0 0 10 7" fill="none" xmlns="http://www.w3.org/2000/svg" aria-hidden className={css.checkboxIcon}>
          <path
            d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
            fill="currentColor"
            fillRule="evenodd"
            clipRule="evenodd"
          />
        </svg>
      </div>
      <div className={css.checkboxLabelWrapper}>
        <label className={css.checkboxLabel} htmlFor={id}>
          {label}
        </label>
      </div>
    </div>
  );
}

/** The full-width submit button; while `loading` it shows a spinner and cannot be pressed again. */
export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={css.button} disabled={loading} data-loading={loading || undefined}>
      {loading && (
        <span className={css.buttonLoader} aria-hidden>
          <span className={css.spinner} />
        </span>
      )}
      <span className={css.buttonInner}>
        <span className={css.buttonLabel}>{children}</span>
      </span>
    </button>
  );
}
