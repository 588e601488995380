// Support: how to reach the partner desk, and the feedback dialog of Sidelog (docs/portal.md#views).
import { useRef } from 'react';
import { Sidelog } from 'sidelog';
import { PARTNER_API, type SupportData } from '../../portal/api.types.ts';
import { notify } from '../toasts/notify.ts';
import { DataState } from './DataState.tsx';
import { usePartnerData } from './use-partner-data.ts';

const FEEDBACK_TEXTS = {
  title: 'Обратная связь',
  hint: 'Опишите вопрос или предложение и нажмите «Отправить».',
  subjectPlaceholder: 'Тема…',
  feedbackPlaceholder: 'Ваше сообщение…',
  submitLabel: 'Отправить',
  closeLabel: 'Закрыть',
};

export default function SupportView() {
  const result = usePartnerData<SupportData>(PARTNER_API.support);
  // Asked once at a time, the button left enabled: disabled, it lost the focus to the body, and the dialog, closed,
  // had nothing to give it back to (docs/api.md#feedback-dialog).
  const asking = useRef(false);

  async function askFeedback() {
    if (asking.current) return;
    asking.current = true;
    try {
      const answer = await Sidelog.getUserFeedback(FEEDBACK_TEXTS);
      if (answer.isSent) notify('Спасибо! Сообщение отправлено.', { type: 'success' });
    } catch {
      notify('Не удалось открыть форму обратной связи.', { type: 'error' });
    } finally {
      asking.current = false;
    }
  }

  return (
    <div className="cards">
      <section className="card" aria-labelledby="support-contacts">
        <h2 id="support-contacts">Служба поддержки партнеров</h2>
        <DataState result={result}>
          {(support) => (
            <dl className="facts">
              <dt>Телефон</dt>
              <dd>
                <a href={`tel:${support.phone.replace(/[^\d+]/g, '')}`}>{support.phone}</a>
              </dd>
              <dt>Адрес email</dt>
              <dd>
                <a href={`mailto:${support.email}`}>{support.email}</a>
              </dd>
              <dt>Часы работы</dt>
              <dd>{support.hours}</dd>
            </dl>
          )}
        </DataState>
      </section>
      <section className="card" aria-labelledby="support-feedback">
        <h2 id="support-feedback">Напишите нам</h2>
        <p>Расскажите, что работает не так или чего не хватает в кабинете.</p>
        <button type="button" className="button button-primary" onClick={askFeedback}>
          Оставить отзыв
        </button>
      </section>
    </div>
  );
}
