/** The marketing texts in Spanish (a chunk of their own: see ../i18n.ts). */
export const es = {
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
};
