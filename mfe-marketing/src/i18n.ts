import type { NamespaceResources } from 'shared-i18n';

export const marketingResources = {
  es: {
    meta: {
      home: 'Trasteros y guardamuebles desde 1 euro al día, con acceso 24 horas, a pie de calle y climatizados.',
      hire: 'Alquila tu trastero en línea en unos minutos: calcula tu espacio, elige y firma. Un mes gratis al contratar 6 meses.',
      facilities: 'Boxes, trasteros de 1 a 18 m³ y guardamuebles de hasta 50 m³: fotos, mapa y cómo llegar.',
      privacy: 'Cómo tratamos tus datos personales.',
      terms: 'Condiciones de uso de nuestros trasteros y guardamuebles.',
    },
    hire: {
      title: 'Contrata tu trastero en línea',
      subtitle:
        'En unos minutos y sin papeles: calcula tu espacio, elige tu trastero, paga la fianza y firma desde el móvil.',
      howTitle: 'Cómo contratar',
      steps: [
        {
          title: 'Calcula tu espacio',
          text: 'Añade tus muebles y cajas a la calculadora y te diremos qué trasteros te caben.',
        },
        {
          title: 'Elige y regístrate',
          text: 'Escoge el trastero y el periodo de pago, verifica tu correo y tu móvil y sube tu DNI o NIE.',
        },
        {
          title: 'Paga la fianza y firma',
          text: 'Pagas la fianza con tarjeta, firmas el contrato en línea y recibes tu PIN de acceso por SMS.',
        },
      ],
      offers: 'Promociones: un mes gratis al contratar 6 meses y un 10 % de descuento con nuestra promoción.',
      start: 'Calcular mi espacio',
    },
    home: {
      title: 'Trasteros y guardamuebles desde 1 euro al día',
      subtitle: 'Acceso 24 horas, trasteros climatizados a pie de calle y guardamuebles de hasta 50 m³.',
      bookVisit: 'Reservar visita',
      learnMore: 'Saber más',
      featuresTitle: 'Por qué elegirnos',
      features: [
        { title: 'Económico', text: 'Desde 1 euro al día, sin sorpresas.' },
        { title: 'Cómodo', text: 'Acceso 24 horas, todos los días, con tu PIN.' },
        { title: 'Servicios extra', text: 'Domiciliación de empresas y recogida de correo.' },
        { title: 'Seguro', text: 'Rociadores y detectores en todo el edificio.' },
        { title: 'Digital', text: 'Contrata en línea en unos minutos.' },
      ],
      reviewsTitle: 'Lo que dicen nuestros clientes',
      starsLabel: '{{count}} de 5 estrellas',
      reviews: [
        {
          author: 'María L.',
          stars: 5,
          text: 'Trato inmejorable y el trastero impecable. Entro a cualquier hora sin problema.',
        },
        {
          author: 'Javier R.',
          stars: 5,
          text: 'Guardé los muebles durante la reforma. Todo en perfecto estado y muy buen precio.',
        },
        { author: 'Lucía M.', stars: 4, text: 'Alta en línea muy rápida y la ubicación es ideal para mi negocio.' },
      ],
      statsTitle: 'En cifras',
      stats: { units: 'trasteros', boxes: 'boxes', furniture: 'guardamuebles', customers: 'clientes satisfechos' },
      statsOver: 'más de {{count}}',
      kindsTitle: 'Elige tu espacio',
      fromPrice: 'Desde 1 euro al día',
      seeCalculator: 'Calcula el espacio que necesitas',
    },
    kinds: {
      boxes: { title: 'Boxes', text: 'Taquillas para cajas, documentos y objetos pequeños.' },
      units: { title: 'Trasteros', text: 'De 1 a 18 m³ a pie de calle, climatizados y vigilados 24 horas.' },
      furniture: { title: 'Guardamuebles', text: 'Hasta 50 m³ en el sótano, para mudanzas y muebles grandes.' },
    },
    facilities: {
      title: 'Nuestras instalaciones',
      subtitle: 'Boxes, trasteros de 1 a 18 m³ y guardamuebles de hasta 50 m³.',
      breadcrumb: 'Ruta de navegación',
      home: 'Inicio',
      typesTitle: 'Tipos de almacenamiento',
      calculatorCta: '¿No sabes qué tamaño necesitas? Usa la calculadora de volumen',
      galleryTitle: 'Galería',
      gallery: [
        'Pasillo de trasteros a pie de calle',
        'Puerta de un trastero climatizado',
        'Guardamuebles en el sótano',
        'Entrada con teclado de acceso 24 horas',
      ],
      openImage: 'Ampliar: {{alt}}',
      lightbox: 'Imagen {{index}} de {{total}}',
      previous: 'Anterior',
      next: 'Siguiente',
      close: 'Cerrar',
      mapTitle: 'Dónde estamos',
      mapLabel: 'Mapa con nuestra ubicación',
      directions: 'Cómo llegar',
      mapError: 'No se ha podido cargar el mapa.',
    },
    legal: {
      updated: 'Última actualización: mayo de 2024',
      privacy: {
        title: 'Política de privacidad',
        sections: [
          {
            title: 'Responsable del tratamiento',
            body: '{{legalName}} ({{tradingName}}), con NIF {{taxId}} y domicilio en {{address}}. Teléfono {{phone}}, correo electrónico {{email}}.',
          },
          {
            title: 'Qué datos tratamos y para qué',
            body: 'Tratamos los datos que nos facilitas en los formularios (nombre, documento de identidad, contacto, dirección, datos bancarios y documentos) para gestionar tu alta, el contrato de alquiler, los cobros, la lista de espera y las consultas que nos hagas.',
          },
          {
            title: 'Base legal',
            body: 'La ejecución del contrato o de medidas precontractuales a petición tuya, el cumplimiento de obligaciones legales (fiscales y de prevención del blanqueo) y, para comunicaciones comerciales, tu consentimiento.',
          },
          {
            title: 'Conservación',
            body: 'Conservamos los datos mientras dure la relación contractual y, después, durante los plazos que exige la ley. Los datos de la lista de espera se eliminan cuando dejan de ser necesarios o cuando lo pidas.',
          },
          {
            title: 'Destinatarios',
            body: 'Solo los proveedores que nos prestan servicios (pagos con tarjeta, firma electrónica, envío de mensajes y alojamiento), con contrato de encargo de tratamiento, y las administraciones públicas cuando la ley lo exija. No vendemos tus datos.',
          },
          {
            title: 'Tus derechos',
            body: 'Puedes acceder, rectificar, suprimir, oponerte, limitar el tratamiento y pedir la portabilidad de tus datos escribiendo a {{email}}. Si crees que no los tratamos bien, puedes reclamar ante la Agencia Española de Protección de Datos.',
          },
        ],
      },
      terms: {
        title: 'Términos y condiciones',
        sections: [
          {
            title: 'Quiénes somos',
            body: '{{tradingName}} es el nombre comercial de {{legalName}}, con NIF {{taxId}} y domicilio en {{address}}. Contacto: {{phone}}, {{email}}.',
          },
          {
            title: 'Uso del espacio',
            body: 'El espacio se destina solo a bienes lícitos. Está prohibido guardar materiales peligrosos, perecederos o ilegales.',
          },
          {
            title: 'Pagos',
            body: 'El impago puede conllevar recargos y la restricción del acceso al espacio hasta que se regularice la deuda.',
          },
          {
            title: 'Cancelación',
            body: 'La cancelación se rige por lo establecido en el contrato firmado.',
          },
          {
            title: 'Responsabilidad y seguro',
            body: 'La empresa solo responde de los daños causados por negligencia probada. Recomendamos a los clientes contratar su propio seguro para los bienes almacenados.',
          },
          {
            title: 'Ley aplicable',
            body: 'Estas condiciones se rigen por la ley española. Cualquier controversia se someterá a los juzgados y tribunales de la localidad.',
          },
        ],
      },
    },
  },
  en: {
    meta: {
      home: 'Storage units and furniture storage from 1 euro per day, with 24-hour access, at street level and air-conditioned.',
      hire: 'Rent your storage unit online in minutes: size your things, choose and sign. One month free with a 6-month rental.',
      facilities: 'Boxes, storage units from 1 to 18 m³ and furniture storage up to 50 m³: photos, map and directions.',
      privacy: 'How we handle your personal data.',
      terms: 'Terms of use of our storage units and furniture storage.',
    },
    hire: {
      title: 'Rent your storage unit online',
      subtitle:
        'In minutes and paperless: size your things, choose your unit, pay the deposit and sign from your phone.',
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
  },
} satisfies NamespaceResources;
