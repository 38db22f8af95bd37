import { describe, expect, it } from 'vitest';
import { isSendable, type ReplyTopic, replyTopic } from './replies';

/** Real questions, as visitors type them (accents or none, any case, typos of punctuation). */
const SPANISH: [string, ReplyTopic][] = [
  ['¿Cuánto cuesta un trastero?', 'price'],
  ['cuanto cuesta el de 3 metros', 'price'],
  ['¿Qué precios tenéis?', 'price'],
  ['Precio del box pequeño', 'price'],
  ['¿Hay alguna oferta este mes?', 'price'],
  ['¿Cuánto se paga al mes?', 'price'],
  ['¿Tenéis descuentos para estudiantes?', 'price'],
  ['¿Cómo se hace el pago?', 'price'],
  ['¿Es barato?', 'price'],
  ['¿Qué horario tenéis?', 'access'],
  ['¿A qué hora abrís?', 'access'],
  ['¿Se puede entrar por la noche?', 'access'],
  ['¿Abre los domingos?', 'access'],
  ['¿El acceso es 24 horas?', 'access'],
  ['¿Puedo acceder en festivos?', 'access'],
  ['¿A qué hora cierra?', 'access'],
  ['¿Me cabe un sofá?', 'sizes'],
  ['¿Qué tamaños hay?', 'sizes'],
  ['Necesito espacio para una mudanza', 'sizes'],
  ['¿Cuál es el trastero más grande?', 'sizes'],
  ['¿Caben dos colchones?', 'sizes'],
  ['¿Qué medidas tiene el de 6 m³?', 'sizes'],
  ['¿Dónde estáis?', 'location'],
  ['¿Cuál es la dirección?', 'location'],
  ['¿Cómo llego desde la estación?', 'location'],
  ['¿Tenéis un mapa?', 'location'],
  ['¿En qué calle está?', 'location'],
  ['Hola', 'general'],
  ['Quiero alquilar ahora', 'general'],
  ['Gracias', 'general'],
  ['¿Aceptáis mascotas?', 'general'],
  ['¿Estáis cerca de la costa?', 'location'],
  ['¿Está cerca de la estación de tren?', 'location'],
  ['¿Hay sitio para aparcar?', 'location'],
  ['¿Vendéis cajas de cartón y material de embalaje?', 'general'],
  ['Buenas tardes, tengo una duda', 'general'],
];

const ENGLISH: [string, ReplyTopic][] = [
  ['How much is a 10 m³ unit?', 'price'],
  ['how much does it cost', 'price'],
  ['What are your prices?', 'price'],
  ['Is there a monthly fee?', 'price'],
  ['Do you have any discounts?', 'price'],
  ['Can I pay by card?', 'price'],
  ['What payment methods do you accept?', 'price'],
  ['Is it cheap?', 'price'],
  ['Pricing for a locker', 'price'],
  ['What are your opening hours?', 'access'],
  ['Can I come at night?', 'access'],
  ['Are you open on Sundays?', 'access'],
  ['Do I have 24h access?', 'access'],
  ['When do you close?', 'access'],
  ['What time does it close?', 'access'],
  ['Is it closed on Sundays?', 'access'],
  ['Can I visit at the weekend?', 'access'],
  ['What sizes do you have', 'sizes'],
  ['Will a sofa fit?', 'sizes'],
  ['I need space for a move', 'sizes'],
  ['Which is the biggest unit?', 'sizes'],
  ['What are the dimensions of the small one?', 'sizes'],
  ['Do you have boxes for bikes?', 'sizes'],
  ['Where are you?', 'location'],
  ['What is your address', 'location'],
  ['How do I get directions?', 'location'],
  ['Where is it located?', 'location'],
  ['Send me a map', 'location'],
  ['Is it close to the train station?', 'location'],
  ['Is there parking nearby?', 'location'],
  ['Do you sell boxes and packing materials?', 'general'],
  ['Hello', 'general'],
  ['I like turtles', 'general'],
  ['Do you store coffee machines?', 'general'],
  ['Thanks!', 'general'],
  ['Can I rent now?', 'general'],
  ['Is my stuff insured?', 'general'],
  ['I want to talk to a person', 'general'],
];

describe('assistant reply rule: whole words, accent- and case-insensitive', () => {
  it.each(SPANISH)('%s → %s', (text, topic) => expect(replyTopic(text)).toBe(topic));
  it.each(ENGLISH)('%s → %s', (text, topic) => expect(replyTopic(text)).toBe(topic));

  it('does not match a keyword inside another word', () => {
    expect(replyTopic('Quiero alquilar ahora')).not.toBe('access');
    expect(replyTopic('coffee machines')).not.toBe('price');
  });

  it('ignores empty and blank messages', () => {
    expect(isSendable('')).toBe(false);
    expect(isSendable('   \n\t')).toBe(false);
    expect(isSendable(' hola ')).toBe(true);
  });
});
