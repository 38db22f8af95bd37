import type { es } from './es';

/** The marketing texts in English (a chunk of their own: see ../i18n.ts). */
export const en: typeof es = {
  meta: {
    home: 'Storage units and furniture storage from 1 euro per day, with 24-hour access, at street level and air-conditioned.',
    hire: 'Rent your storage unit online in minutes: size your things, choose and sign. One month free with a 6-month rental.',
    facilities: 'Boxes, storage units from 1 to 18 m³ and furniture storage up to 50 m³: photos, map and directions.',
    privacy: 'How we handle your personal data.',
    terms: 'Terms of use of our storage units and furniture storage.',
  },
  hire: {
    title: 'Rent your storage unit online',
    subtitle: 'In minutes and paperless: size your things, choose your unit, pay the deposit and sign from your phone.',
    howTitle: 'How to rent',
    steps: [
      {
        title: 'Size your things',
        text: 'Add your furniture and boxes to the calculator and we will tell you which units fit.',
      },
      {
        title: 'Choose and sign up',
        text: 'Pick the unit and the payment period, verify your e-mail and phone and upload your ID.',
      },
      {
        title: 'Pay the deposit and sign',
        text: 'You pay the deposit by card, sign the contract online and get your access PIN by SMS.',
      },
    ],
    offers: 'Offers: one month free when you sign up for 6 months, and 10% off with our promotion.',
    start: 'Size my space',
  },
  home: {
    title: 'Storage units and furniture storage from 1 euro per day',
    subtitle: '24-hour access, air-conditioned street-level units and furniture storage up to 50 m³.',
    bookVisit: 'Book a visit',
    learnMore: 'Learn more',
    featuresTitle: 'Why choose us',
    features: [
      { title: 'Cheap', text: 'From 1 euro per day, no surprises.' },
      { title: 'Convenient', text: '24-hour access, every day, with your PIN.' },
      { title: 'Extra services', text: 'Company address and mail collection.' },
      { title: 'Secure', text: 'Sprinklers and detectors throughout the building.' },
      { title: 'Digital', text: 'Sign your contract online in minutes.' },
    ],
    reviewsTitle: 'What our customers say',
    starsLabel: '{{count}} out of 5 stars',
    reviews: [
      { author: 'Sarah P.', stars: 5, text: 'Friendly staff and a spotless unit. I can get in at any hour.' },
      {
        author: 'Tom H.',
        stars: 5,
        text: 'Kept our furniture here during the renovation. Everything in perfect shape, great price.',
      },
      { author: 'Emma W.', stars: 4, text: 'Quick online sign-up and the location is ideal for my business.' },
    ],
    statsTitle: 'In numbers',
    stats: {
      units: 'storage units',
      boxes: 'boxes',
      furniture: 'furniture stores',
      customers: 'satisfied customers',
    },
    statsOver: 'over {{count}}',
    kindsTitle: 'Choose your space',
    fromPrice: 'From 1 euro per day',
    seeCalculator: 'Work out the space you need',
  },
  kinds: {
    boxes: { title: 'Boxes', text: 'Lockers for cartons, documents and small items.' },
    units: { title: 'Storage units', text: 'From 1 to 18 m³ at street level, air-conditioned and watched 24 hours.' },
    furniture: { title: 'Furniture storage', text: 'Up to 50 m³ in the basement, for moves and large furniture.' },
  },
  facilities: {
    title: 'Our facilities',
    subtitle: 'Boxes, storage units from 1 to 18 m³ and furniture storage up to 50 m³.',
    breadcrumb: 'Breadcrumb',
    home: 'Home',
    typesTitle: 'Storage types',
    calculatorCta: 'Not sure what size you need? Use the volume calculator',
    galleryTitle: 'Gallery',
    gallery: [
      'Corridor of street-level storage units',
      'Door of an air-conditioned storage unit',
      'Furniture storage in the basement',
      'Entrance with the 24-hour access keypad',
    ],
    openImage: 'Enlarge: {{alt}}',
    lightbox: 'Image {{index}} of {{total}}',
    previous: 'Previous',
    next: 'Next',
    close: 'Close',
    mapTitle: 'Where we are',
    mapLabel: 'Map with our location',
    directions: 'Get directions',
    mapError: 'The map could not be loaded.',
  },
  legal: {
    updated: 'Last updated: May 2024',
    privacy: {
      title: 'Privacy policy',
      sections: [
        {
          title: 'Data controller',
          body: '{{legalName}} ({{tradingName}}), tax id {{taxId}}, registered at {{address}}. Phone {{phone}}, e-mail {{email}}.',
        },
        {
          title: 'What data we process and why',
          body: 'We process the data you give us in our forms (name, identity document, contact details, address, bank details and documents) to handle your sign-up, the rental contract, payments, the waitlist and your enquiries.',
        },
        {
          title: 'Legal basis',
          body: 'Performing the contract or pre-contractual steps at your request, complying with legal obligations (tax and anti-money-laundering) and, for marketing messages, your consent.',
        },
        {
          title: 'Retention',
          body: 'We keep the data while the contract lasts and afterwards for the periods the law requires. Waitlist data is deleted when no longer needed or when you ask.',
        },
        {
          title: 'Recipients',
          body: 'Only the providers that serve us (card payments, e-signature, messaging and hosting), under data-processing agreements, and public authorities when the law requires it. We do not sell your data.',
        },
        {
          title: 'Your rights',
          body: 'You can access, correct, delete, object to, restrict and port your data by writing to {{email}}. If you think we are not handling it properly, you can complain to the Spanish Data Protection Agency.',
        },
      ],
    },
    terms: {
      title: 'Terms and conditions',
      sections: [
        {
          title: 'Who we are',
          body: '{{tradingName}} is the trading name of {{legalName}}, tax id {{taxId}}, registered at {{address}}. Contact: {{phone}}, {{email}}.',
        },
        {
          title: 'Use of the space',
          body: 'The space is for lawful goods only. Dangerous, perishable or illegal materials may not be stored.',
        },
        {
          title: 'Payments',
          body: 'Non-payment may bring surcharges and restricted access to the space until the debt is settled.',
        },
        {
          title: 'Cancellation',
          body: 'Cancellation follows the terms of the signed contract.',
        },
        {
          title: 'Liability and insurance',
          body: 'The company is liable only for damage caused by proven negligence. Customers are advised to take out their own insurance for the goods they store.',
        },
        {
          title: 'Governing law',
          body: 'These terms are governed by Spanish law. Any dispute will be brought before the local courts.',
        },
      ],
    },
  },
};
