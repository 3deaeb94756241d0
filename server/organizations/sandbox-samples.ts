import type { CreateLeadRequest } from "../leads/create-lead";
import type { CreateProjectData } from "../projects/project-data";

/**
 * What a new sandbox starts with besides its copied configuration: sample
 * projects and leads with realistic values and example.com addresses, so an
 * integration has something to read, change and receive events about. No
 * lead or member data of the live organization is ever copied.
 */
export const SANDBOX_PROJECTS: CreateProjectData[] = [
  {
    name: "Residencial Las Palmeras (sample)",
    type: "apartment",
    city: "Valencia",
    country: "ES",
    promotora: "Promociones Ejemplo S.L.",
    operationType: "sale",
    currency: "EUR",
    status: "published",
    units: [
      { name: "1A", price: 189000, type: "Apartment", area: 74 },
      { name: "2B", price: 236000, type: "Apartment", area: 92, status: "reserved" },
      { name: "PH", price: 412000, type: "Penthouse", area: 138 },
    ],
  },
  {
    name: "Torre Mirador (sample)",
    type: "apartment",
    city: "Málaga",
    country: "ES",
    promotora: "Promociones Ejemplo S.L.",
    operationType: "sale",
    currency: "EUR",
    status: "draft",
    units: [
      { name: "3C", price: 298000, type: "Apartment", area: 101 },
      { name: "4A", price: 315000, type: "Apartment", area: 105, status: "sold" },
    ],
  },
];

export const SANDBOX_LEADS: CreateLeadRequest[] = [
  { firstName: "Lucía", lastName: "Martín", email: "lucia.martin@example.com", phone: "+34 600 100 201", source: "website", status: "new" },
  { firstName: "Javier", lastName: "Gómez", email: "javier.gomez@example.com", source: "referral", status: "contacted", estimatedValue: 236000 },
  { firstName: "Carmen", lastName: "Ruiz", phone: "+34 600 100 203", source: "adplatform", status: "new", temperature: "hot" },
  { firstName: "Pablo", lastName: "Navarro", email: "pablo.navarro@example.com", company: "Navarro Inversiones", source: "event", status: "won", estimatedValue: 412000 },
  { firstName: "Elena", lastName: "Santos", email: "elena.santos@example.com", source: "landing_page", status: "lost" },
  { firstName: "Diego", lastName: "Herrera", email: "diego.herrera@example.com", phone: "+34 600 100 206", source: "messaging_app", status: "new", score: 64 },
];
