// About: the partner's profile and personal manager. The partner's own facts are marked data-sidelog-private, so that
// Sidelog's UI events read none of them (docs/portal.md#what-sidelog-reads-of-the-portal); the manager's are the
// brand's contacts, the same for every partner.
import { PARTNER_API, type PartnerProfile } from '../../portal/api.types.ts';
import { DataState } from './DataState.tsx';
import { formatDay } from './format.ts';
import { usePartnerData } from './use-partner-data.ts';

export default function AboutView() {
  const result = usePartnerData<PartnerProfile>(PARTNER_API.profile);
  return (
    <DataState result={result}>
      {(profile) => (
        <div className="cards">
          <section className="card" aria-labelledby="about-company">
            <h2 id="about-company">{profile.company}</h2>
            <dl className="facts" data-sidelog-private="">
              <dt>Контактное лицо</dt>
              <dd>{profile.name}</dd>
              <dt>Адрес email</dt>
              <dd>{profile.email}</dd>
              <dt>Город</dt>
              <dd>{profile.city}</dd>
              <dt>Партнер с</dt>
              <dd>{formatDay(profile.partnerSince)}</dd>
            </dl>
          </section>
          <section className="card" aria-labelledby="about-manager">
            <h2 id="about-manager">Ваш менеджер</h2>
            <dl className="facts">
              <dt>Имя</dt>
              <dd>{profile.manager.name}</dd>
              <dt>Телефон</dt>
              <dd>
                <a href={`tel:${profile.manager.phone.replace(/[^\d+]/g, '')}`}>{profile.manager.phone}</a>
              </dd>
              <dt>Адрес email</dt>
              <dd>
                <a href={`mailto:${profile.manager.email}`}>{profile.manager.email}</a>
              </dd>
            </dl>
          </section>
        </div>
      )}
    </DataState>
  );
}
