import type { NamespaceResources } from 'shared-i18n';

/** The shell's own texts (namespace `common`); each remote ships its own namespace. */
export const commonResources = {
  es: {
    skipToContent: 'Saltar al contenido',
    noscript: 'Esta página necesita JavaScript. Actívalo en tu navegador o llámanos al {{phone}}.',
    bookVisit: 'Reservar visita',
    banner: {
      label: 'Promociones',
      freeMonth: '¡Un mes gratis al contratar 6 meses! Contrata ahora →',
      discount: '10 % de descuento con nuestra promoción. Contrata ahora →',
    },
    menu: { open: 'Menú', title: 'Menú', close: 'Cerrar menú' },
    chat: {
      open: 'Asistente',
      title: 'Asistente virtual',
      close: 'Cerrar chat',
      greeting: '¡Hola! Soy el asistente virtual. ¿En qué puedo ayudarte?',
      inputLabel: 'Tu mensaje',
      placeholder: 'Escribe tu pregunta…',
      send: 'Enviar',
      typing: 'El asistente está escribiendo…',
      replies: {
        price:
          'Nuestros trasteros cuestan desde 1 euro al día. Con la calculadora verás el precio exacto del tamaño que necesitas.',
        access: 'Tienes acceso 24 horas, todos los días del año, con tu PIN personal.',
        sizes:
          'Tenemos boxes, trasteros de 1 a 18 m³ a pie de calle, climatizados y vigilados 24 horas, y guardamuebles de hasta 50 m³ en el sótano.',
        location: 'Estamos en {{address}}. En la página de instalaciones tienes el mapa y cómo llegar.',
        general: 'Gracias por tu mensaje. Para una atención personalizada llámanos al {{phone}} o reserva una visita.',
      },
    },
    nav: {
      label: 'Navegación principal',
      home: 'Inicio',
      facilities: 'Instalaciones',
      calculator: 'Calculadora',
    },
    language: { label: 'Idioma', es: 'Español', en: 'Inglés', current: 'Idioma actual: {{language}}' },
    footer: {
      quickLinks: 'Enlaces rápidos',
      contact: 'Contacto',
      legal: 'Legal',
      privacy: 'Política de privacidad',
      terms: 'Términos y condiciones',
    },
    notFound: {
      title: '404',
      subtitle: 'Página no encontrada',
      description: 'La página que buscas no existe o ha cambiado de dirección.',
      home: 'Volver al inicio',
    },
    remote: {
      loading: 'Cargando…',
      unavailable: 'Esta sección no se ha podido cargar. El resto de la web sigue funcionando.',
      retry: 'Reintentar',
    },
    toast: { close: 'Cerrar aviso' },
  },
  en: {
    skipToContent: 'Skip to content',
    noscript: 'This page needs JavaScript. Turn it on in your browser, or call us on {{phone}}.',
    bookVisit: 'Book a visit',
    banner: {
      label: 'Offers',
      freeMonth: 'One month free when you sign up for 6 months! Hire now →',
      discount: '10% off with our promotion. Hire now →',
    },
    menu: { open: 'Menu', title: 'Menu', close: 'Close menu' },
    chat: {
      open: 'Assistant',
      title: 'Virtual assistant',
      close: 'Close chat',
      greeting: 'Hello! I am the virtual assistant. How can I help you?',
      inputLabel: 'Your message',
      placeholder: 'Type your question…',
      send: 'Send',
      typing: 'The assistant is typing…',
      replies: {
        price:
          'Our storage units cost from 1 euro per day. The calculator shows the exact price for the size you need.',
        access: 'You have 24-hour access, every day of the year, with your personal PIN.',
        sizes:
          'We have boxes, storage units from 1 to 18 m³ at street level, air-conditioned and watched 24 hours, and furniture storage up to 50 m³ in the basement.',
        location: 'We are at {{address}}. The facilities page has the map and directions.',
        general: 'Thanks for your message. For personal help call us on {{phone}} or book a visit.',
      },
    },
    nav: {
      label: 'Main navigation',
      home: 'Home',
      facilities: 'Facilities',
      calculator: 'Calculator',
    },
    language: { label: 'Language', es: 'Spanish', en: 'English', current: 'Current language: {{language}}' },
    footer: {
      quickLinks: 'Quick links',
      contact: 'Contact',
      legal: 'Legal',
      privacy: 'Privacy policy',
      terms: 'Terms and conditions',
    },
    notFound: {
      title: '404',
      subtitle: 'Page not found',
      description: 'The page you are looking for does not exist or has moved.',
      home: 'Back to home',
    },
    remote: {
      loading: 'Loading…',
      unavailable: 'This section could not be loaded. The rest of the site keeps working.',
      retry: 'Retry',
    },
    toast: { close: 'Dismiss notification' },
  },
} satisfies NamespaceResources;
