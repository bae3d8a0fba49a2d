import { POINTS_PER_CHALLENGE } from '#shared/constants.ts'
import { paths } from '#shared/paths.ts'
import {
  type LegalContext,
  type LegalDocumentContent,
  list,
  mailto,
  paragraph,
} from '#web/features/legal/legal-types.ts'

/** docs/product.md §9: requests to add or remove a link are answered within this time. */
const LINK_REQUEST_SENTENCE = 'We answer requests to add or remove a link within 2-3 weeks.'

export function termsContent({ brandName, supportEmail }: LegalContext): LegalDocumentContent {
  return {
    title: 'Terms and Conditions',
    lastUpdated: '2026-11-21',
    intro: [
      `These Terms and Conditions ("Terms") govern your use of ${brandName}, a free platform where you practise frontend development by building real designs, submit your live sites and earn points on a leaderboard (the "Service"). The Service is operated by the ${brandName} team ("we", "us", "our").`,
      'By logging in or otherwise using the Service you agree to these Terms. If you do not agree, please do not use the Service.',
    ],
    summary: [
      'The Service is free. You log in with your GitHub account and must be at least 13 years old.',
      'Your code and your live sites stay yours. You let us show your live URL and profile on the Service.',
      'Challenge materials are for practice and your portfolio. Please do not resell or redistribute them.',
      'Points are for fun: they have no monetary value and we may correct them.',
      'The Service is provided as it is, without warranties.',
    ],
    sections: [
      {
        id: 'the-service',
        heading: 'The Service',
        blocks: [
          paragraph(
            `${brandName} offers frontend challenges based on design files. For each challenge you can download the design materials, build the design in HTML, CSS and JavaScript, publish your solution on any static host and submit its address (your "live URL"). We review each submitted site; the first review of a challenge that passes (the site loads, is not blank and is your own) completes it and earns points, and members are ranked on a leaderboard.`,
          ),
          paragraph(
            'The Service is free of charge. We may add, change or remove challenges and features at any time, and we may announce competitions that come with their own rules; where those rules differ from these Terms, the competition rules apply to that competition.',
          ),
        ],
      },
      {
        id: 'eligibility-and-accounts',
        heading: 'Eligibility and your account',
        blocks: [
          paragraph(
            'You must be at least 13 years old to use the Service. If you are under the age of majority where you live, you may use the Service only with the permission of a parent or legal guardian, who accepts these Terms on your behalf.',
          ),
          paragraph([
            `You log in to ${brandName} with your GitHub account; we never see or store your GitHub password. When you log in for the first time, we create your ${brandName} account from your GitHub profile, as described in our `,
            { text: 'Privacy Policy', href: paths.privacy },
            '.',
          ]),
          list(
            'Your account is personal: do not share it, and do not create accounts for other people or to get around a suspension.',
            'Keep your GitHub account secure. Anything done through your account is your responsibility, so tell us straight away if you believe someone else has used it.',
            'Keep the information on your profile accurate and do not impersonate anyone.',
          ),
        ],
      },
      {
        id: 'acceptable-use',
        heading: 'Acceptable use',
        blocks: [
          paragraph('Use the Service fairly and lawfully. In particular, you agree not to:'),
          list(
            'submit live URLs that you did not build, or that point to content that is illegal, harmful, deceptive, hateful, sexually explicit or that infringes the rights of others;',
            'submit sites that contain malware, phishing pages, cryptocurrency miners or anything else that harms visitors;',
            'collect points by automated, fake or duplicate submissions, or otherwise manipulate the leaderboard;',
            'probe, scan or test the security of the Service, or get around any limit or access control, except through coordinated disclosure with us;',
            'overload the Service, scrape it in bulk or access it by automated means in a way that sends more requests than a person using a browser would;',
            'put personal data of other people, or anything offensive, in your name, bio or profile links;',
            'harass other members or use the Service to send spam.',
          ),
        ],
      },
      {
        id: 'submissions',
        heading: 'Your submissions and live sites',
        blocks: [
          paragraph(
            'You keep all rights in the code you write, the sites you publish and the content you add to your profile ("your content"). We do not claim ownership of any of it.',
          ),
          paragraph(
            `So that we can run the Service, you grant us a worldwide, non-exclusive, royalty-free licence to store, reproduce and display your content, and to link to your live sites, on ${brandName}: for example on your public profile, on challenge pages and on the leaderboard. This licence ends when you remove the content or your account is deleted, except for copies kept in backups for the limited time described in our Privacy Policy.`,
          ),
          paragraph(
            "You confirm that you have the rights needed to publish what you submit, including any images, fonts or code by other people that your site uses. Your live sites are hosted by GitHub and are subject to GitHub's own terms, not ours.",
          ),
          paragraph(
            'We do not review every submission, but we may hide or remove a submission, and the points it earned, if it breaks these Terms or we receive a justified complaint about it.',
          ),
        ],
      },
      {
        id: 'challenge-materials',
        heading: 'Challenge materials',
        blocks: [
          paragraph(
            'The designs, Figma files, images, style guides, descriptions and other materials we provide with the challenges ("challenge materials") belong to us or to the people who licensed them to us, and are protected by copyright and other laws.',
          ),
          paragraph(
            'We grant you a personal, non-exclusive, non-transferable licence to use the challenge materials to practise, to build and publish your own solution, and to show your solution in your portfolio, on social media and in job applications. You may not:',
          ),
          list(
            'sell, sublicense or redistribute the challenge materials, alone or as part of a template, theme, course or design kit;',
            'present the designs as your own design work (building them is your work; designing them was not);',
            'use the challenge materials for a commercial website or product.',
          ),
          paragraph(
            `A mention of ${brandName} next to your solution is welcome but not required. The ${brandName} name and logo may not be used in a way that suggests we endorse you or your work.`,
          ),
        ],
      },
      {
        id: 'points-and-leaderboard',
        heading: 'Points and leaderboard',
        blocks: [
          paragraph(
            `You earn ${POINTS_PER_CHALLENGE} points the first time you complete a challenge by submitting a valid live URL. Points, ranks and badges are a way to follow your progress and have fun with other members.`,
          ),
          list(
            'Points have no monetary value. They cannot be exchanged for money, goods or services, and cannot be sold or transferred to another account.',
            'We may correct or remove points, ranks or badges that were awarded in error, earned in breach of these Terms or affected by a technical fault, and we may change how points are awarded in the future.',
            'Your name, username, avatar and points may be shown to other members on the leaderboard.',
          ),
        ],
      },
      {
        id: 'third-party-links',
        heading: 'Links to third-party sites',
        blocks: [
          paragraph(
            'The Service contains links to sites we do not operate, such as GitHub, the live sites submitted by members, the profile links members add and our pages on social networks. We provide these links for convenience only. We do not endorse the sites, and we are not responsible for their content, their availability or how they handle your data; your use of them is governed by their own terms and policies.',
          ),
          paragraph([
            'If you would like us to add or remove a link to your site, or you believe a link on the Service points to harmful or infringing content, write to us at ',
            mailto(supportEmail),
            '. ',
            LINK_REQUEST_SENTENCE,
          ]),
        ],
      },
      {
        id: 'availability',
        heading: 'Availability of the Service',
        blocks: [
          paragraph(
            'We work to keep the Service running and your data safe, but we do not promise that it will always be available, uninterrupted or free of errors. We may suspend the Service for maintenance, and we may change or stop the Service, in whole or in part. If we decide to close the Service, we will give reasonable notice on the site where we can.',
          ),
        ],
      },
      {
        id: 'termination',
        heading: 'Suspension and termination',
        blocks: [
          paragraph([
            'You can stop using the Service at any time. To have your account and its data deleted, write to us at ',
            mailto(supportEmail),
            ' from the e-mail address linked to your GitHub account.',
          ]),
          paragraph(
            'We may suspend or close your account, and remove your content and points, if you seriously or repeatedly break these Terms, if we are required to do so by law, or if your use puts the Service or other members at risk. Unless the law or the seriousness of the breach prevents it, we will tell you why.',
          ),
          paragraph(
            'The sections on challenge materials, disclaimers and limitation of liability continue to apply after your account ends.',
          ),
        ],
      },
      {
        id: 'disclaimers',
        heading: 'Disclaimers',
        blocks: [
          paragraph(
            'The Service and the challenge materials are provided "as is" and "as available". To the fullest extent permitted by law, we make no warranties of any kind, express or implied, including warranties of merchantability, fitness for a particular purpose, accuracy and non-infringement.',
          ),
          paragraph(
            'The Service is a place to practise. Points, ranks and feedback do not certify your skills, and we do not promise that using the Service will lead to a job or any other result.',
          ),
        ],
      },
      {
        id: 'limitation-of-liability',
        heading: 'Limitation of liability',
        blocks: [
          paragraph(
            'To the fullest extent permitted by law, we are not liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of data, profits, revenue or opportunities, arising from your use of, or inability to use, the Service. Because the Service is free, our total liability for any claim relating to the Service is limited to 50 euros (or the equivalent in your currency).',
          ),
          paragraph(
            'Nothing in these Terms excludes or limits liability that cannot be excluded or limited by law, such as liability for intent or gross negligence, or your rights as a consumer under mandatory law.',
          ),
        ],
      },
      {
        id: 'changes',
        heading: 'Changes to these Terms',
        blocks: [
          paragraph(
            'We may update these Terms from time to time, for example when we add features or when the law changes. The date at the top of this page shows when they last changed. If a change is significant, we will announce it on the Service before it takes effect. If you keep using the Service after a change takes effect, you accept the updated Terms; if you do not agree, you can stop using the Service and ask us to delete your account.',
          ),
        ],
      },
      {
        id: 'contact',
        heading: 'Contact',
        blocks: [
          paragraph([
            'Questions about these Terms? Write to us at ',
            mailto(supportEmail),
            ', or visit our ',
            { text: 'contact page', href: paths.contact },
            '.',
          ]),
        ],
      },
    ],
  }
}
