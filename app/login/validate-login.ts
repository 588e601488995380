// Client-side checks on submit (docs/portal.md#login-screen). Both problems may be reported together.
import type { AuthRequest } from '../../portal/api.types.ts';

export const LOGIN_TEXTS = {
  subtitle: 'Кабинет партнера',
  emailLabel: 'Адрес email',
  passwordLabel: 'Ваш пароль',
  remember: 'Запомнить меня',
  submit: 'Войти',
  emailMissing: 'Не указан адрес email.',
  emailInvalid: 'Некорректный адрес email.',
  passwordMissing: 'Не указан пароль.',
  unreachable: 'Сервер не отвечает. Попробуйте повторить попытку поздне.',
  /** Shown only when a refusal carries no message of its own: a text of our own (docs/portal.md#login-screen). */
  refusedWithoutMessage: 'Не удалось войти. Проверьте адрес email и пароль.',
  adBlockNotice:
    'Пожалуйста, не используйте блокировщики рекламы и расширения браузера на этом сайте: с ними работа кабинета не гарантируется.',
  rights: 'Все права защищены.',
} as const;

export interface FieldFlags {
  email: boolean;
  password: boolean;
}

interface LoginProblems {
  messages: string[];
  invalid: FieldFlags;
}

export function validateLogin({ email, password }: AuthRequest): LoginProblems {
  const messages: string[] = [];
  const invalid = { email: false, password: false };
  if (email === '') {
    messages.push(LOGIN_TEXTS.emailMissing);
    invalid.email = true;
  } else if (!email.includes('@')) {
    messages.push(LOGIN_TEXTS.emailInvalid);
    invalid.email = true;
  }
  if (password === '') {
    messages.push(LOGIN_TEXTS.passwordMissing);
    invalid.password = true;
  }
  return { messages, invalid };
}
