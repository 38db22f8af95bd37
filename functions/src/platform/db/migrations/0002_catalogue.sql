-- The storage catalogue: what the products function lists and the sign-up sells.
-- Prices in EUR; -1 means the period is not offered. Stock is real: the sign-up decrements it.
create table products (
  pid integer primary key,
  gid integer not null check (gid in (1, 2, 3)),
  name_es text not null,
  name_en text not null,
  description_es text not null,
  description_en text not null,
  size_m3 numeric(6, 2) not null check (size_m3 > 0),
  monthly numeric(10, 2) not null,
  quarterly numeric(10, 2) not null,
  semiannually numeric(10, 2) not null,
  annually numeric(10, 2) not null,
  setup_fee numeric(10, 2) not null default 0,
  stock_control boolean not null default true,
  stock integer not null default 0 check (stock >= 0),
  active boolean not null default true
);

-- Demo catalogue (gid 1 boxes, 2 street-level units, 3 basement furniture storage).
insert into products (pid, gid, name_es, name_en, description_es, description_en, size_m3,
  monthly, quarterly, semiannually, annually, setup_fee, stock_control, stock) values
  (101, 1, 'Box 1 m³', 'Box 1 m³', 'Taquilla cerrada para cajas, documentos y objetos pequeños, con acceso 24 horas.', 'Locked box for cartons, documents and small items, with 24-hour access.', 1, 30, 87, 165, -1, 50.00, true, 10),
  (102, 1, 'Box 1,5 m³', 'Box 1.5 m³', 'Taquilla cerrada para cajas, documentos y objetos pequeños, con acceso 24 horas.', 'Locked box for cartons, documents and small items, with 24-hour access.', 1.5, 39, 113, 215, 420, 50.00, true, 5),
  (201, 2, 'Trastero 2 m³', 'Storage unit 2 m³', 'Trastero a pie de calle, climatizado y vigilado 24 horas.', 'Street-level storage unit, air-conditioned and watched 24 hours.', 2, 49, 142, 270, 529, 0.00, true, 8),
  (202, 2, 'Trastero 3 m³', 'Storage unit 3 m³', 'Trastero a pie de calle, climatizado y vigilado 24 horas.', 'Street-level storage unit, air-conditioned and watched 24 hours.', 3, 62, 180, 341, 669, 0.00, true, 10),
  (203, 2, 'Trastero 4 m³', 'Storage unit 4 m³', 'Trastero a pie de calle, climatizado y vigilado 24 horas.', 'Street-level storage unit, air-conditioned and watched 24 hours.', 4, 75, 218, 413, 810, 0.00, true, 8),
  (204, 2, 'Trastero 6 m³', 'Storage unit 6 m³', 'Trastero a pie de calle, climatizado y vigilado 24 horas.', 'Street-level storage unit, air-conditioned and watched 24 hours.', 6, 95, 276, 523, 1026, 0.00, true, 9),
  (205, 2, 'Trastero 8 m³', 'Storage unit 8 m³', 'Trastero a pie de calle, climatizado y vigilado 24 horas.', 'Street-level storage unit, air-conditioned and watched 24 hours.', 8, 119, 345, 655, 1285, 0.00, true, 7),
  (206, 2, 'Trastero 10 m³', 'Storage unit 10 m³', 'Trastero a pie de calle, climatizado y vigilado 24 horas.', 'Street-level storage unit, air-conditioned and watched 24 hours.', 10, 139, 403, 765, 1501, 0.00, true, 0),
  (207, 2, 'Trastero 12 m³', 'Storage unit 12 m³', 'Trastero a pie de calle, climatizado y vigilado 24 horas.', 'Street-level storage unit, air-conditioned and watched 24 hours.', 12, 159, 461, 875, 1717, 0.00, true, 4),
  (208, 2, 'Trastero 15 m³', 'Storage unit 15 m³', 'Trastero a pie de calle, climatizado y vigilado 24 horas.', 'Street-level storage unit, air-conditioned and watched 24 hours.', 15, 189, 548, 1040, 2041, 0.00, true, 2),
  (209, 2, 'Trastero 18 m³', 'Storage unit 18 m³', 'Trastero a pie de calle, climatizado y vigilado 24 horas.', 'Street-level storage unit, air-conditioned and watched 24 hours.', 18, 219, 635, 1205, 2365, 0.00, true, 1),
  (301, 3, 'Guardamuebles 20 m³', 'Furniture storage 20 m³', 'Guardamuebles en el sótano para mudanzas y muebles grandes.', 'Basement furniture storage for moves and large furniture.', 20, 169, 490, 930, 1825, 0.00, true, 4),
  (302, 3, 'Guardamuebles 30 m³', 'Furniture storage 30 m³', 'Guardamuebles en el sótano para mudanzas y muebles grandes.', 'Basement furniture storage for moves and large furniture.', 30, 229, 664, 1260, 2473, 0.00, true, 3),
  (303, 3, 'Guardamuebles 40 m³', 'Furniture storage 40 m³', 'Guardamuebles en el sótano para mudanzas y muebles grandes.', 'Basement furniture storage for moves and large furniture.', 40, 289, 838, 1590, 3121, 0.00, true, 0),
  (304, 3, 'Guardamuebles 50 m³', 'Furniture storage 50 m³', 'Guardamuebles en el sótano para mudanzas y muebles grandes.', 'Basement furniture storage for moves and large furniture.', 50, 339, 983, 1865, 3661, 0.00, true, 1);
