import { paths } from '#shared/paths.ts'
import {
  type LegalContext,
  type LegalDocumentContent,
  list,
  mailto,
  paragraph,
} from '#web/features/legal/legal-types.ts'

/** docs/product.md §9: the minimum age is 13. */
const CHILDREN_SENTENCE =
  'The Service is not intended for children under 13, and we do not knowingly collect personal data from children under 13.'

export function privacyContent({ brandName, supportEmail }: LegalContext): LegalDocumentContent {
  return {
    title: 'Privacy Policy',
    lastUpdated: '2026-11-21',
    intro: [
      `This Privacy Policy explains what personal data ${brandName} (the "Service") collects when you use it, why, how long we keep it and the rights you have. The Service is operated by the ${brandName} team ("we", "us", "our"), who are responsible for your personal data.`,
    ],
    summary: [
      'We collect only what we need to run your account: your basic GitHub profile, what you add to your profile and your challenge progress.',
      'Your profile and your submissions are public; your e-mail address is not.',
      'We use one strictly necessary cookie to keep you logged in. No tracking, no analytics, no advertising.',
      'We never sell your data.',
      [
        'You can download or delete your data at any time in your settings (Your account), or write to ',
        mailto(supportEmail),
        '.',
      ],
    ],
    sections: [
      {
        id: 'data-we-collect',
        heading: 'The data we collect',
        blocks: [
          paragraph([
            { strong: 'From GitHub, when you log in.' },
            ' You log in with your GitHub account. With your permission, GitHub sends us your numeric GitHub account id, your login (username), your display name, your e-mail address and the address of your avatar image. We ask GitHub for read-only access to your profile and e-mail addresses only: we cannot see your private repositories, and we never see your GitHub password.',
          ]),
          paragraph([
            { strong: 'What you add to your profile.' },
            ' The name and bio you write in your settings, and the LinkedIn and GitHub profile links you choose to add.',
          ]),
          paragraph([
            { strong: 'Your challenge progress.' },
            ' Which challenges you start and complete, when you started and completed them, the live site URLs you submit, your points and the number of challenges you have completed.',
          ]),
          paragraph([
            { strong: 'A session cookie.' },
            ' When you log in we set one cookie that holds a random session identifier, so that you stay logged in as you move between pages. It is strictly necessary for the Service to work, so it does not need your consent. It cannot be read by scripts and is not used for anything else. During sign-in we may also set a short-lived cookie that protects the sign-in against forgery; it is removed when sign-in completes.',
          ]),
          paragraph([
            { strong: 'Server logs.' },
            " Like any website, our servers record technical information about each request: your IP address, the date and time, the page or file requested, the response and your browser's user agent.",
          ]),
          paragraph([
            { strong: 'Messages you send us.' },
            ' If you write to us, we keep your e-mail address and the content of your message so that we can answer you.',
          ]),
          paragraph(
            "The Service also remembers, in your browser's local storage, which challenge category you last selected in the member sidebar. That information stays on your device and is never sent to us.",
          ),
          paragraph(
            'We do not use analytics, tracking pixels, advertising cookies or any third-party scripts that follow you across sites.',
          ),
        ],
      },
      {
        id: 'how-we-use-data',
        heading: 'How we use your data',
        blocks: [
          paragraph('We use your personal data only to:'),
          list(
            'create your account, log you in and keep you logged in;',
            'show your public profile, your submissions and your position on the leaderboard;',
            'record your challenge progress and award your points;',
            'answer your messages and requests;',
            'keep the Service secure, prevent abuse and fix problems;',
            'comply with our legal obligations.',
          ),
          paragraph(
            'We do not use your data for advertising, we do not build marketing profiles and we do not make decisions about you based solely on automated processing.',
          ),
        ],
      },
      {
        id: 'legal-bases',
        heading: 'Legal bases',
        blocks: [
          paragraph(
            'Where data protection laws such as the EU and UK General Data Protection Regulation apply, we rely on the following legal bases:',
          ),
          list(
            [
              { strong: 'Contract:' },
              ' to provide the Service you signed up for: your account, profile, progress, points and leaderboard position.',
            ],
            [
              { strong: 'Legitimate interests:' },
              ' to keep the Service secure and working (server logs, abuse prevention) and to answer your messages. We have balanced these interests against your rights and keep the data involved to a minimum.',
            ],
            [{ strong: 'Legal obligation:' }, ' where we must keep or disclose data by law.'],
          ),
        ],
      },
      {
        id: 'public-information',
        heading: 'What other people can see',
        blocks: [
          paragraph(
            'Your profile page is public. Anyone can see your avatar, name, username, bio, points, the number of challenges you have completed, the challenges you have completed and the profile links you added. Signed-in members can also see your name, username, avatar and points on the leaderboard.',
          ),
          paragraph(
            'The live sites you submit are published by you on a host of your choice and are public, and so are the reviews of them that passed (a review that has not passed is shown to you only). Your e-mail address is never shown to other people.',
          ),
        ],
      },
      {
        id: 'sharing',
        heading: 'Sharing your data',
        blocks: [
          paragraph([{ strong: 'We do not sell or rent your personal data.' }, ' We share it only with:']),
          list(
            'hosting and infrastructure providers that run our servers, database, file storage and e-mail on our behalf. They process the data only on our instructions, under contracts that require them to protect it;',
            'GitHub, when you choose to log in with your GitHub account. GitHub handles that login under its own privacy statement;',
            'public authorities, courts or other parties, when the law requires it or when it is necessary to protect the rights, property or safety of our members, the public or us.',
          ),
          paragraph(
            'If the Service is ever transferred to another organisation, your data would be transferred only under this Privacy Policy, and we would tell you beforehand.',
          ),
        ],
      },
      {
        id: 'retention',
        heading: 'How long we keep your data',
        blocks: [
          list(
            'Account, profile and challenge data: for as long as your account exists. Delete my account in your settings removes it at once; when you ask us by e-mail instead, we delete it within 30 days.',
            'Session data: until you sign out, or until the session expires after a period without activity.',
            'Server logs: for up to 90 days, unless we need them longer to investigate a specific security incident.',
            'Backups: deleted data can remain in backups for up to 30 more days, until those backups are overwritten.',
            'Messages to us: for as long as needed to deal with your request, and no longer than two years.',
          ),
        ],
      },
      {
        id: 'your-rights',
        heading: 'Your rights',
        blocks: [
          paragraph('Depending on where you live, you have the right to:'),
          list(
            'access the personal data we hold about you and get a copy of it in a portable format (Export my data in your settings);',
            'have inaccurate data corrected (you can change your name, bio and profile links yourself in your settings);',
            'have your data deleted (Delete my account in your settings);',
            'object to, or ask us to restrict, how we use your data;',
            'lodge a complaint with your data protection authority.',
          ),
          paragraph([
            'To use any of these rights, write to us at ',
            mailto(supportEmail),
            ', preferably from the e-mail address linked to your GitHub account so that we can confirm the request comes from you. We answer within one month. Using your rights is free.',
          ]),
        ],
      },
      {
        id: 'children',
        heading: 'Children',
        blocks: [
          paragraph(CHILDREN_SENTENCE),
          paragraph([
            'If you believe that a child under 13 has given us personal data, please contact us at ',
            mailto(supportEmail),
            ' and we will delete it.',
          ]),
        ],
      },
      {
        id: 'security',
        heading: 'Security',
        blocks: [
          paragraph(
            'We protect your data with measures appropriate to the risk: connections are encrypted with HTTPS, the session cookie cannot be read by scripts and is sent only to our own site, we store no passwords, and access to our systems is limited to the people who run the Service. No system is perfectly secure, so if we ever learn of a breach that affects your data, we will inform you and the authorities as the law requires.',
          ),
        ],
      },
      {
        id: 'international-transfers',
        heading: 'International transfers',
        blocks: [
          paragraph(
            "Our providers, and GitHub, may process your data in countries other than the one you live in, including countries whose data protection laws differ from yours. Where the law requires it, we make sure such transfers are covered by appropriate safeguards, such as an adequacy decision or the European Commission's standard contractual clauses.",
          ),
        ],
      },
      {
        id: 'changes',
        heading: 'Changes to this policy',
        blocks: [
          paragraph(
            'We may update this Privacy Policy when the Service or the law changes. The date at the top of this page shows when it last changed. If a change is significant, for example if we start collecting a new kind of data, we will announce it on the Service before it takes effect.',
          ),
        ],
      },
      {
        id: 'contact',
        heading: 'Contact',
        blocks: [
          paragraph([
            'Questions about this Privacy Policy or your personal data? Write to us at ',
            mailto(supportEmail),
            '. See also our ',
            { text: 'Terms and Conditions', href: paths.terms },
            '.',
          ]),
        ],
      },
    ],
  }
}
